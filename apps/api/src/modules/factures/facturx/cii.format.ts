/**
 * Exact decimal text of our integers for the CII XML: no floating point anywhere.
 */

/** An integer scaled by 10^decimals as a decimal string: (1234, 2) → "12.34", (-5, 2) → "-0.05". */
export function scaled(value: number, decimals: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Montant non entier : ${value}`);
  const negative = value < 0;
  const digits = Math.abs(value)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Same, without trailing zeros in the fraction: (1500, 3) → "1.5", (2000, 2) → "20". */
export function scaledTrimmed(value: number, decimals: number): string {
  const text = scaled(value, decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Minor units (cents) → amount with two decimals, as EN 16931 wants amounts (BR-DEC). */
export const amount = (minor: number): string => scaled(minor, 2);

/** Thousandths → quantity. */
export const quantity = (thousandths: number): string => scaledTrimmed(thousandths, 3);

/** Basis points → percent rate: 2000 → "20", 550 → "5.5", 210 → "2.1". */
export const percent = (basisPoints: number): string => scaledTrimmed(basisPoints, 2);

/** YYYY-MM-DD → CII date format 102 (YYYYMMDD). */
export function date102(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`Date invalide : ${isoDate}`);
  return isoDate.replaceAll('-', '');
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text escaped for an XML element or attribute; characters XML 1.0 forbids are dropped. */
export function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
