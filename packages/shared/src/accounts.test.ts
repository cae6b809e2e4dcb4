import { describe, expect, it } from 'vitest';
import { abonnementCreateSchema, periodEnd, subscriptionStatus } from './schemas/abonnements.js';
import { COUNTRY_CODES } from './schemas/countries.js';
import { isValidSiret, serviceInputSchema } from './schemas/services.js';
import { userListQuerySchema } from './schemas/users.js';

describe('abonnements', () => {
  it('calcule la fin de période, dernier jour compris', () => {
    expect(periodEnd('2026-01-01', 12)).toBe('2026-12-31');
    expect(periodEnd('2026-11-21', 1)).toBe('2026-12-20');
    expect(periodEnd('2026-01-31', 1)).toBe('2026-02-28');
    expect(periodEnd('2024-02-29', 12)).toBe('2025-02-28');
    expect(periodEnd('2026-03-31', 1)).toBe('2026-04-30');
  });
  it('dérive le statut des dates et de la suspension', () => {
    const s = { dateDebut: '2026-01-01', dateFin: '2026-12-31', suspendu: false };
    expect(subscriptionStatus(s, '2026-06-01')).toBe('active');
    expect(subscriptionStatus(s, '2026-12-31')).toBe('active');
    expect(subscriptionStatus(s, '2027-01-01')).toBe('expiree');
    expect(subscriptionStatus(s, '2025-12-31')).toBe('a_venir');
    expect(subscriptionStatus({ ...s, suspendu: true }, '2026-06-01')).toBe('suspendue');
  });
  it('refuse une fin avant le début', () => {
    const r = abonnementCreateSchema.safeParse({
      ownerId: 1,
      planId: 1,
      dateDebut: '2026-05-01',
      dateFin: '2026-04-30',
      modePaiement: 'especes',
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['dateFin']);
  });
});

describe('boutiques', () => {
  it('vérifie la clé du SIRET', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('35600000000010')).toBe(true); // La Poste
    expect(isValidSiret('1234')).toBe(false);
  });
  it('normalise les champs facultatifs et applique les valeurs par défaut', () => {
    const data = serviceInputSchema.parse({
      nom: ' Boutique ',
      devise: 'XOF',
      pays: '',
      telephone: '',
      siret: '732 829 320 00074',
      tvaIntracom: 'fr 40 123456789',
    });
    expect(data).toMatchObject({
      nom: 'Boutique',
      pays: null,
      telephone: null,
      siret: '73282932000074',
      tvaIntracom: 'FR40123456789',
      prixTtc: true,
      stockNegatifAutorise: false,
      prefixeVente: 'V',
      prefixeAchat: 'A',
    });
  });
  it('connaît les 249 codes pays ISO 3166-1', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(COUNTRY_CODES).toContain('SN');
    expect(COUNTRY_CODES).not.toContain('EU');
  });
});

describe('utilisateurs', () => {
  it('limite le tri aux champs connus', () => {
    expect(userListQuerySchema.safeParse({ sort: 'email,desc' }).success).toBe(true);
    expect(userListQuerySchema.safeParse({ sort: 'password_hash,asc' }).success).toBe(false);
  });
});
