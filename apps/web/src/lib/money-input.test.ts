import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints, toMajor, toMinor } from './money-input';

describe('money typed in an input', () => {
  it('becomes minor units exactly: FCFA have none, the euro has cents', () => {
    expect(toMinor(60000, 'XOF')).toBe(60000);
    expect(toMinor(1234.5, 'EUR')).toBe(123450);
    expect(toMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinor(19.99, 'EUR')).toBe(1999);
    expect(toMinor(null, 'EUR')).toBeNull();
  });

  it('comes back from minor units', () => {
    expect(toMajor(123450, 'EUR')).toBe(1234.5);
    expect(toMajor(60000, 'XAF')).toBe(60000);
    expect(toMajor(null, 'EUR')).toBeNull();
  });

  it('converts VAT rates between percent and hundredths of a percent', () => {
    expect(percentToBasisPoints(18)).toBe(1800);
    expect(percentToBasisPoints(5.5)).toBe(550);
    expect(percentToBasisPoints(2.1)).toBe(210);
    expect(percentToBasisPoints(null)).toBe(0);
    expect(basisPointsToPercent(1925)).toBe(19.25);
  });
});
