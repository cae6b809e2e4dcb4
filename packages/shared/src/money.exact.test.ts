import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencyExponent,
  divRoundHalfAwayFromZero,
  parseMoney,
  stockValueExact,
} from './money.js';
import { isWholeQuantity, parseQuantity } from './quantity.js';

/** Minor-unit exponents of the ISO 4217 table, written from the standard, not from money.ts. */
const ISO_4217: Record<string, number> = {
  XOF: 0,
  XAF: 0,
  EUR: 2,
  GNF: 0,
  CDF: 2,
  MAD: 2,
  TND: 3,
  DZD: 2,
  MGA: 2,
  KMF: 0,
  DJF: 0,
  RWF: 0,
  BIF: 0,
  HTG: 2,
  XPF: 0,
  CHF: 2,
  CAD: 2,
  USD: 2,
  GBP: 2,
};

describe('devises proposées aux boutiques', () => {
  it('le FCFA (BCEAO, BEAC) puis l’euro en tête, chaque code une fois, avec un nom', () => {
    expect(CURRENCIES.slice(0, 3).map((c) => c.code)).toEqual(['XOF', 'XAF', 'EUR']);
    const codes = CURRENCIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.nom.trim().length).toBeGreaterThan(2);
    }
    expect(CURRENCIES.find((c) => c.code === 'XOF')?.nom).toContain('BCEAO');
    expect(CURRENCIES.find((c) => c.code === 'XAF')?.nom).toContain('BEAC');
  });

  it('chaque devise proposée a l’exposant de la norme ISO 4217', () => {
    expect(CURRENCIES.map((c) => [c.code, c.exponent])).toEqual(
      CURRENCIES.map((c) => [c.code, ISO_4217[c.code]]),
    );
    // The ariary: ISO 4217 says 2 where the browser's locale data says 0; the table wins.
    expect(currencyExponent('MGA')).toBe(2);
  });

  it('une devise hors de la liste prend l’exposant connu du navigateur, 2 à défaut', () => {
    expect(currencyExponent('KWD')).toBe(3); // dinar koweïtien : millièmes
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('€')).toBe(2); // pas un code de devise
  });
});

describe('division entière arrondie à la moitié en s’éloignant de zéro', () => {
  it('quels que soient les signes du numérateur et du dénominateur', () => {
    // 7 / 2 = 3,5 ; 7 / 4 = 1,75 ; 5 / 4 = 1,25 ; 0 / -3 = 0.
    expect(divRoundHalfAwayFromZero(7n, 2n)).toBe(4n);
    expect(divRoundHalfAwayFromZero(7n, -2n)).toBe(-4n);
    expect(divRoundHalfAwayFromZero(-7n, -2n)).toBe(4n);
    expect(divRoundHalfAwayFromZero(-7n, 2n)).toBe(-4n);
    expect(divRoundHalfAwayFromZero(7n, -4n)).toBe(-2n);
    expect(divRoundHalfAwayFromZero(-5n, -4n)).toBe(1n);
    expect(divRoundHalfAwayFromZero(0n, -3n)).toBe(0n);
  });

  it('valeur d’un stock : quantité en millièmes × coût unitaire, arrondie, sans perte', () => {
    expect(stockValueExact(1500, 333)).toBe(500n); // 1,5 × 333 = 499,5 → 500
    expect(stockValueExact(-1500, 333)).toBe(-500n);
    // 10^9 units at 10^7: 10^16, beyond the exact integers of a double.
    expect(stockValueExact(1_000_000_000_000, 10_000_001)).toBe(10_000_001_000_000_000n);
  });

  it('refuse la division par zéro en le disant en français', () => {
    expect(() => divRoundHalfAwayFromZero(1n, 0n)).toThrow(new RangeError('Division par zéro'));
    expect(() => divRoundHalfAwayFromZero(0n, 0n)).toThrow(new RangeError('Division par zéro'));
  });
});

describe('montants et quantités saisis', () => {
  it('un montant est tout le texte, sans rien avant ni après', () => {
    expect(parseMoney('12a', 'EUR')).toBeNull();
    expect(parseMoney('a12', 'EUR')).toBeNull();
    expect(parseMoney('12 €', 'EUR')).toBeNull();
    expect(parseMoney('1-2', 'EUR')).toBeNull();
    expect(parseMoney('12,', 'EUR')).toBe(1200);
  });

  it('un montant au-delà des entiers exacts est refusé', () => {
    expect(parseMoney('9007199254740991', 'XOF')).toBe(9007199254740991);
    expect(parseMoney('9007199254740992', 'XOF')).toBeNull();
    expect(parseMoney('90071992547409,92', 'EUR')).toBeNull();
  });

  it('lit les quantités avec séparateurs de milliers, signe et au plus trois décimales', () => {
    expect(parseQuantity('1 000,5')).toBe(1_000_500);
    expect(parseQuantity('1\u00A0000')).toBe(1_000_000);
    expect(parseQuantity('2\u202F500,25')).toBe(2_500_250);
    expect(parseQuantity('-2,5')).toBe(-2500);
    expect(parseQuantity('-0,001')).toBe(-1);
    expect(parseQuantity('3,')).toBe(3000);
    expect(parseQuantity('x3')).toBeNull();
    expect(parseQuantity('3x')).toBeNull();
  });

  it('une quantité au-delà des entiers exacts (en millièmes) est refusée', () => {
    // 9 007 199 254 740 × 1000 is under 2^53; one more unit is not.
    expect(parseQuantity('9007199254740')).toBe(9_007_199_254_740_000);
    expect(parseQuantity('9007199254741')).toBeNull();
  });

  it('reconnaît les quantités entières', () => {
    expect(isWholeQuantity(0)).toBe(true);
    expect(isWholeQuantity(2000)).toBe(true);
    expect(isWholeQuantity(-3000)).toBe(true);
    expect(isWholeQuantity(1500)).toBe(false);
    expect(isWholeQuantity(1)).toBe(false);
    expect(isWholeQuantity(-999)).toBe(false);
  });
});
