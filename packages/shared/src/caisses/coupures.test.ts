import { describe, expect, it } from 'vitest';
import { coupuresOf, seuilMotifEcart, totalCoupures } from './coupures.js';

describe('coupures et seuil d’écart', () => {
  it('FCFA : de 10 000 F à 1 F ; euro : de 500 € à 0,01 €, en unités mineures, décroissantes', () => {
    expect(coupuresOf('XOF')).toEqual([
      10000, 5000, 2000, 1000, 500, 250, 200, 100, 50, 25, 10, 5, 1,
    ]);
    expect(coupuresOf('XAF')).toEqual(coupuresOf('XOF'));
    // The euro's seven notes and eight coins, written here in cents.
    expect(coupuresOf('EUR')).toEqual([
      50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1,
    ]);
    expect(coupuresOf('USD')).toBeNull();
  });

  it('le total est exact, même pour de grands nombres de pièces', () => {
    expect(totalCoupures([])).toBe(0);
    expect(
      totalCoupures([
        { valeur: 1, nombre: 999_999 },
        { valeur: 2, nombre: 3 },
      ]),
    ).toBe(1_000_005);
    expect(totalCoupures([{ valeur: 10000, nombre: 1_000_000 }])).toBe(10_000_000_000);
  });

  it('seuil du motif : 500 F sans décimales, 5,00 € avec', () => {
    expect(seuilMotifEcart('XOF')).toBe(500);
    expect(seuilMotifEcart('EUR')).toBe(500);
    expect(seuilMotifEcart('TND')).toBe(5000);
  });
});
