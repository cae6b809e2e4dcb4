import { describe, expect, it } from 'vitest';
import { fromThousandths, quantityDigits, toThousandths } from './quantity-input';

describe('quantity input', () => {
  it('turns typed quantities into exact thousandths and back', () => {
    expect(toThousandths(1.5)).toBe(1500);
    expect(toThousandths(0.001)).toBe(1);
    expect(toThousandths(2.675)).toBe(2675);
    expect(toThousandths(-3)).toBe(-3000);
    expect(toThousandths(null)).toBeNull();
    expect(fromThousandths(1250)).toBe(1.25);
    expect(fromThousandths(null)).toBeNull();
  });

  it('allows decimals only for a fractional unit', () => {
    expect(quantityDigits(true)).toBe(3);
    expect(quantityDigits(false)).toBe(0);
  });
});
