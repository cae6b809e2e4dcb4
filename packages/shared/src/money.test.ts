import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  divRoundHalfAwayFromZero,
  lineAmount,
  parseMoney,
  percentOf,
} from './money.js';
import {
  formatMoney,
  formatMoneyForPdf,
  formatQuantity,
  formatDate,
  formatDateTime,
} from './format/french.js';
import { parseQuantity } from './quantity.js';

describe('montants exacts', () => {
  it('connaît les exposants ISO 4217', () => {
    expect(currencyExponent('XOF')).toBe(0);
    expect(currencyExponent('XAF')).toBe(0);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('TND')).toBe(3);
    expect(currencyExponent('JPY')).toBe(0);
  });

  it('arrondit à la moitié en s’éloignant de zéro', () => {
    expect(divRoundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divRoundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfAwayFromZero(4n, 3n)).toBe(1n);
    expect(divRoundHalfAwayFromZero(-4n, 3n)).toBe(-1n);
    expect(() => divRoundHalfAwayFromZero(1n, 0n)).toThrow();
  });

  it('calcule une ligne au prix unitaire × quantité en millièmes', () => {
    expect(lineAmount(1250, 1500)).toBe(1875); // 1,5 kg à 12,50 €
    expect(lineAmount(333, 1500)).toBe(500); // 499,5 → 500
    expect(lineAmount(-333, 1500)).toBe(-500);
    expect(lineAmount(2500, 3000)).toBe(7500); // 3 × 2 500 FCFA
    expect(percentOf(10000, 1800)).toBe(1800); // TVA 18 %
    expect(percentOf(999, 2000)).toBe(200); // 199,8 → 200
  });

  it('lit les montants saisis à la française', () => {
    expect(parseMoney('1 234,50', 'EUR')).toBe(123450);
    expect(parseMoney('1234.5', 'EUR')).toBe(123450);
    expect(parseMoney('2\u202F500', 'XOF')).toBe(2500);
    expect(parseMoney('2500,5', 'XOF')).toBeNull();
    expect(parseMoney('12,345', 'EUR')).toBeNull();
    expect(parseMoney('abc', 'EUR')).toBeNull();
    expect(parseMoney('-3,20', 'EUR')).toBe(-320);
  });
});

describe('quantités', () => {
  it('lit jusqu’à trois décimales', () => {
    expect(parseQuantity('1,5')).toBe(1500);
    expect(parseQuantity('0.250')).toBe(250);
    expect(parseQuantity('12')).toBe(12000);
    expect(parseQuantity('1,2345')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });
  it('s’affiche en français', () => {
    expect(formatQuantity(1500)).toBe('1,5');
    expect(formatQuantity(12000)).toBe('12');
  });
});

describe('formatage français', () => {
  it('écrit le FCFA sans décimales et l’euro avec', () => {
    expect(formatMoney(1250000, 'XOF')).toBe('1\u202F250\u202F000\u00A0FCFA');
    expect(formatMoney(123450, 'EUR')).toBe('1\u202F234,50\u00A0€');
    expect(formatMoney(5, 'EUR')).toBe('0,05\u00A0€');
  });
  it('remplace l’espace fine pour les PDF', () => {
    expect(formatMoneyForPdf(1250000, 'XOF')).toBe('1\u00A0250\u00A0000\u00A0FCFA');
  });
  it('écrit les dates comme un lecteur français', () => {
    expect(formatDate('2026-11-21T10:00:00Z', 'Europe/Paris')).toBe('21/11/2026');
    expect(formatDateTime('2026-11-21T10:05:00Z', 'Europe/Paris')).toBe('21/11/2026 11:05');
    expect(formatDate('2026-07-01T22:30:00Z', 'Africa/Dakar')).toBe('01/07/2026');
  });
});

describe('élision de « de »', () => {
  it('élide devant une voyelle, accentuée ou non, et pas ailleurs', async () => {
    const { deNom } = await import('./format/french.js');
    expect(deNom('Ibrahima Fall')).toBe("d'Ibrahima Fall");
    expect(deNom('Eau minérale 1,5 L')).toBe("d'Eau minérale 1,5 L");
    expect(deNom('Œufs frais')).toBe("d'Œufs frais");
    expect(deNom('Émile')).toBe("d'Émile");
    expect(deNom('Moussa Ndiaye')).toBe('de Moussa Ndiaye');
    expect(deNom('Huile')).toBe('de Huile');
  });
});
