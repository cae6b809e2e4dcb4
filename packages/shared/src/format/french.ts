import { currencyExponent } from '../money.js';
import { QUANTITY_SCALE } from '../quantity.js';

/** French formatting in one place: money in the shop's currency, quantities and dates. */

const moneyFormatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string): Intl.NumberFormat {
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    const digits = currencyExponent(currency);
    const isFcfa = currency === 'XOF' || currency === 'XAF';
    formatter = new Intl.NumberFormat('fr-FR', {
      style: isFcfa ? 'decimal' : 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormatters.set(currency, formatter);
  }
  return formatter;
}

/** "12 500 FCFA", "1 234,50 €". Amount in minor units. */
export function formatMoney(amountMinor: number, currency: string): string {
  const digits = currencyExponent(currency);
  const major = digits === 0 ? amountMinor : amountMinor / 10 ** digits;
  const text = moneyFormatter(currency).format(major);
  return currency === 'XOF' || currency === 'XAF' ? `${text}\u00A0FCFA` : text;
}

/** Same as formatMoney but with spaces every PDF font has (U+202F becomes U+00A0). */
export function formatMoneyForPdf(amountMinor: number, currency: string): string {
  return formatMoney(amountMinor, currency).replace(/\u202F/g, '\u00A0');
}

const quantityFormatter = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

/** "1,5", "12", "0,25". Quantity in thousandths. */
export function formatQuantity(thousandths: number): string {
  return quantityFormatter.format(thousandths / QUANTITY_SCALE);
}

/*
 * Dates: `timeZone` is the shop's (shopTimeZone(pays)). Without it, the runtime's own zone: on the
 * web the device at the counter; the server always passes the shop's zone (its own clock is UTC).
 */

/** "21/11/2026". */
export function formatDate(iso: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone }).format(new Date(iso));
}

/** "21/11/2026 14:05". */
export function formatDateTime(iso: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** "samedi 21 novembre 2026". */
export function formatLongDate(iso: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone }).format(new Date(iso));
}

/**
 * « de » before a name, elided before a vowel sound: « d'Ibrahima Fall », « d'Eau minérale »,
 * « de Moussa ». A leading h is left alone (« de Hawa »: aspirated or not, no rule fits all names).
 */
export function deNom(nom: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(nom.trim()) ? `d'${nom.trim()}` : `de ${nom.trim()}`;
}
