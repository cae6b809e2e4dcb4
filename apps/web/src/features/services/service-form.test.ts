import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, countryName, legalKind } from './countries';
import { formValuesOf, toServiceInput } from './service-form';

describe('shop form', () => {
  it('starts a new shop in FCFA, prices TTC, negative stock refused, default prefixes', () => {
    const body = toServiceInput({ ...formValuesOf(null), nom: '  Boutique Médina ' });
    expect(body).toMatchObject({
      nom: 'Boutique Médina',
      devise: 'XOF',
      prixTtc: true,
      stockNegatifAutorise: false,
      assujettiTva: false,
      tauxTvaDefaut: 0,
      prefixeVente: 'V',
      prefixeFacture: 'F',
      prefixeDevis: 'D',
      prefixeAchat: 'A',
      adresse: null,
      email: null,
    });
  });

  it('keeps the invoice terms of a shop when it is saved, and sends its RCS and legal form', () => {
    const shop = {
      ...toServiceInput({ ...formValuesOf(null), nom: 'B', pays: 'FR', devise: 'EUR' }),
      id: 1,
      rcs: 'RCS Paris 123 456 789',
      formeJuridique: 'SARL',
      capital: 1_000_000,
      tauxPenalites: 1215,
      delaiPaiement: 45,
    } as unknown as Parameters<typeof formValuesOf>[0];
    expect(toServiceInput(formValuesOf(shop))).toMatchObject({
      rcs: 'RCS Paris 123 456 789',
      formeJuridique: 'SARL',
      capital: 1_000_000,
      tauxPenalites: 1215,
      delaiPaiement: 45,
    });
  });

  it('sends the VAT rate in hundredths of a percent, 0 when not liable', () => {
    const values = { ...formValuesOf(null), nom: 'B', assujettiTva: true, tauxTva: 5.5 };
    expect(toServiceInput(values).tauxTvaDefaut).toBe(550);
    expect(toServiceInput({ ...values, assujettiTva: false }).tauxTvaDefaut).toBe(0);
  });

  it("sends only the identifiers of the shop's country", () => {
    const values = {
      ...formValuesOf(null),
      nom: 'B',
      siret: '12345678900007',
      tvaIntracom: 'FR40123456789',
      ninea: '005123456',
      rccm: 'SN-DKR-1',
    };
    expect(toServiceInput({ ...values, pays: 'FR' })).toMatchObject({
      siret: '12345678900007',
      tvaIntracom: 'FR40123456789',
      ninea: null,
      rccm: null,
    });
    expect(toServiceInput({ ...values, pays: 'SN' })).toMatchObject({
      siret: null,
      tvaIntracom: null,
      ninea: '005123456',
      rccm: 'SN-DKR-1',
    });
    expect(toServiceInput({ ...values, pays: 'CA' })).toMatchObject({
      siret: null,
      tvaIntracom: null,
      ninea: null,
      rccm: null,
    });
  });

  it('knows which identifiers a country shows', () => {
    expect(legalKind('FR')).toBe('fr');
    expect(legalKind('SN')).toBe('ohada');
    expect(legalKind('CM')).toBe('ohada');
    expect(legalKind('BE')).toBeNull();
    expect(legalKind(null)).toBeNull();
  });

  it('names countries in French, the usual ones first', () => {
    expect(countryName('SN')).toBe('Sénégal');
    expect(countryName('CI')).toBe('Côte d’Ivoire');
    expect(COUNTRY_OPTIONS[0]).toEqual({ value: 'SN', label: 'Sénégal' });
    expect(COUNTRY_OPTIONS).toHaveLength(249);
    expect(new Set(COUNTRY_OPTIONS.map((o) => o.value)).size).toBe(249);
  });
});
