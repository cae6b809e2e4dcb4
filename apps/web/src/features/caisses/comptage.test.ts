import type { RapportCaisse, RapportMode } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { COMPTAGE_VIDE, comptageCloture, nombreSaisi } from './comptage';

const mode = (m: RapportMode['mode'], attendu: number): RapportMode => ({
  mode: m,
  ventes: 0,
  reglements: 0,
  remboursements: 0,
  attendu,
  compte: null,
  ecart: null,
});
const rapport = (modes: RapportMode[]): RapportCaisse => ({
  type: 'X',
  numero: null,
  fond: 10_000,
  ventes: { nombre: 1, total: 500 },
  retours: { nombre: 0, total: 0 },
  apports: 0,
  retraits: 0,
  depenses: 1000,
  modes,
  coupures: null,
  ecart: null,
  motifEcart: null,
  etabliLe: '2026-11-24T10:00:00Z',
});

describe('comptage de la clôture', () => {
  const x = rapport([mode('especes', 9500), mode('mobile_money', 3000), mode('carte', 0)]);

  it('FCFA : total des coupures, écart par mode et total, corps sans les coupures à zéro', () => {
    const f = comptageCloture('XOF', x, {
      ...COMPTAGE_VIDE,
      nombres: { 5000: 1, 2000: 2, 200: 2, 100: 0 },
      autres: { mobile_money: 3000 },
    });
    expect(f.especes).toBe(9400);
    // Only the modes that expect money are asked (the card expects nothing here).
    expect(f.modes).toEqual(['mobile_money']);
    expect(f.ecart).toBe(-100);
    expect(f.motifRequis).toBe(false);
    expect(f.pret).toBe(true);
    expect(f.body).toEqual({
      coupures: [
        { valeur: 5000, nombre: 1 },
        { valeur: 2000, nombre: 2 },
        { valeur: 200, nombre: 2 },
      ],
      especes: null,
      autres: [{ mode: 'mobile_money', montant: 3000 }],
      motifEcart: null,
    });
  });

  it('motif : obligatoire au-delà de 500 F sur un mode, même si les écarts se compensent', () => {
    const at = (especes: number, mobile: number, motif = '') =>
      comptageCloture('XOF', x, {
        ...COMPTAGE_VIDE,
        nombres: { 1: especes },
        autres: { mobile_money: mobile },
        motif,
      });
    // Exactly the threshold: no reason needed; one franc more: needed.
    expect(at(9000, 3000).motifRequis).toBe(false);
    expect(at(8999, 3000).motifRequis).toBe(true);
    expect(at(10_001, 3000).motifRequis).toBe(true);
    // 600 F missing in cash, 600 F too much in mobile money: total 0, still a reason.
    const compense = at(8900, 3600);
    expect(compense.ecart).toBe(0);
    expect(compense.motifRequis).toBe(true);
    expect(compense.pret).toBe(false);
    // Blank is no reason; a written one is sent trimmed.
    expect(at(8900, 3600, '   ').pret).toBe(false);
    const motive = at(8900, 3600, '  Erreur de monnaie ');
    expect(motive.pret).toBe(true);
    expect(motive.body.motifEcart).toBe('Erreur de monnaie');
  });

  it('euro : coupures en centimes, seuil 5,00 € ; devise sans coupures : un seul montant', () => {
    const eur = rapport([mode('especes', 12_345)]);
    const f = comptageCloture('EUR', eur, {
      ...COMPTAGE_VIDE,
      nombres: { 10000: 1, 2000: 1, 200: 1, 100: 1, 20: 2 },
    });
    expect(f.especes).toBe(12_340);
    expect(f.ecart).toBe(-5);
    expect(f.motifRequis).toBe(false);
    expect(comptageCloture('EUR', eur, COMPTAGE_VIDE).motifRequis).toBe(true);

    const usd = comptageCloture('USD', eur, { ...COMPTAGE_VIDE, especes: 12_000 });
    expect(usd.coupures).toBeNull();
    expect(usd.especes).toBe(12_000);
    expect(usd.body).toMatchObject({ coupures: [], especes: 12_000 });
    expect(usd.motifRequis).toBe(false);
  });

  it('un nombre saisi est entier et jamais négatif', () => {
    expect(nombreSaisi('3')).toBe(3);
    expect(nombreSaisi('2.7')).toBe(2);
    expect(nombreSaisi('-4')).toBe(0);
    expect(nombreSaisi('')).toBe(0);
    expect(nombreSaisi('abc')).toBe(0);
  });
});
