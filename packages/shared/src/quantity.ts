/**
 * Quantities are exact decimals with at most 3 places (kg, litre), stored as integers in
 * thousandths: 1.5 kg is 1500.
 */
export const QUANTITY_SCALE = 1000;

/** Parse "1,5", "2", "0.250" into thousandths; null when not a quantity with at most 3 decimals. */
export function parseQuantity(text: string): number | null {
  const cleaned = text.replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
  const match = /^(-?)(\d+)(?:\.(\d{0,3}))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const value = Number(whole) * QUANTITY_SCALE + Number(fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(value)) return null;
  return sign ? -value : value;
}

export function isWholeQuantity(thousandths: number): boolean {
  return thousandths % QUANTITY_SCALE === 0;
}
