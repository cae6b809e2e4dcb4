import { currencyExponent, parseMoney } from '@comptoir/shared';

/**
 * Money typed in an InputNumber (a number of major units: 1234.5 €) ↔ the API's integer count of
 * minor units (123450 cents). The conversion goes through the shared exact parser: no float drift.
 */
export function toMinor(major: number | null | undefined, currency: string): number | null {
  if (major === null || major === undefined || !Number.isFinite(major)) return null;
  return parseMoney(major.toFixed(currencyExponent(currency)), currency);
}

export function toMajor(minor: number | null | undefined, currency: string): number | null {
  if (minor === null || minor === undefined) return null;
  return minor / 10 ** currencyExponent(currency);
}

/** Decimals an amount input allows in that currency (0 for FCFA, 2 for the euro). */
export const moneyDigits = (currency: string): number => currencyExponent(currency);

/** A rate typed in percent (18, 5.5) ↔ the API's hundredths of a percent (1800, 550). */
export function percentToBasisPoints(percent: number | null | undefined): number {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return 0;
  return Math.round(percent * 100);
}

export const basisPointsToPercent = (basisPoints: number): number => basisPoints / 100;

/** What follows an amount typed in a field: « FCFA » for XOF and XAF, « € » for the euro, else the code. */
export function currencySymbol(devise: string): string {
  return devise === 'XOF' || devise === 'XAF' ? 'FCFA' : devise === 'EUR' ? '€' : devise;
}
