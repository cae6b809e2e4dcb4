/**
 * Exact money arithmetic. An amount is an integer count of the currency's minor unit
 * (ISO 4217 exponent: XOF and XAF have none, EUR has cents). Never a float in storage or totals.
 */

export interface Currency {
  code: string;
  nom: string;
  exponent: number;
}

/** Currencies offered to shops: FCFA (XOF, XAF) and the euro first, then the usual others. */
export const CURRENCIES: readonly Currency[] = [
  { code: 'XOF', nom: 'Franc CFA (BCEAO)', exponent: 0 },
  { code: 'XAF', nom: 'Franc CFA (BEAC)', exponent: 0 },
  { code: 'EUR', nom: 'Euro', exponent: 2 },
  { code: 'GNF', nom: 'Franc guinéen', exponent: 0 },
  { code: 'CDF', nom: 'Franc congolais', exponent: 2 },
  { code: 'MAD', nom: 'Dirham marocain', exponent: 2 },
  { code: 'TND', nom: 'Dinar tunisien', exponent: 3 },
  { code: 'DZD', nom: 'Dinar algérien', exponent: 2 },
  { code: 'MGA', nom: 'Ariary malgache', exponent: 2 },
  { code: 'KMF', nom: 'Franc comorien', exponent: 0 },
  { code: 'DJF', nom: 'Franc djiboutien', exponent: 0 },
  { code: 'RWF', nom: 'Franc rwandais', exponent: 0 },
  { code: 'BIF', nom: 'Franc burundais', exponent: 0 },
  { code: 'HTG', nom: 'Gourde haïtienne', exponent: 2 },
  { code: 'XPF', nom: 'Franc CFP', exponent: 0 },
  { code: 'CHF', nom: 'Franc suisse', exponent: 2 },
  { code: 'CAD', nom: 'Dollar canadien', exponent: 2 },
  { code: 'USD', nom: 'Dollar des États-Unis', exponent: 2 },
  { code: 'GBP', nom: 'Livre sterling', exponent: 2 },
];

export function currencyExponent(code: string): number {
  const found = CURRENCIES.find((c) => c.code === code);
  if (found) return found.exponent;
  try {
    return (
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Integer division of a bigint, rounded half away from zero. */
export function divRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division par zéro');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/**
 * Total of a line: unit price (minor units) times a quantity in thousandths, rounded half away
 * from zero to the currency's minor unit.
 */
export function lineAmount(unitPriceMinor: number, quantityThousandths: number): number {
  const product = BigInt(unitPriceMinor) * BigInt(quantityThousandths);
  return Number(divRoundHalfAwayFromZero(product, 1000n));
}

/** Percentage of an amount, rate given in hundredths of a percent (20 % = 2000). */
export function percentOf(amountMinor: number, rateBasisPoints: number): number {
  return Number(divRoundHalfAwayFromZero(BigInt(amountMinor) * BigInt(rateBasisPoints), 10000n));
}

/**
 * Parse a decimal amount typed by a French user ("1 234,50", "1234.5", "2 500") into minor units.
 * Returns null when the text is not an amount with at most the currency's decimals.
 */
export function parseMoney(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const cleaned = text.replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'));
  const value = Number(sign ? -minor : minor);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Largest amount (minor units) of a line, a document total, a payment or a stock value: 10^15,
 * far under Number.MAX_SAFE_INTEGER (about 9 × 10^15) and PostgreSQL's bigint, so that sums of a
 * few such amounts stay exact. Beyond it the server refuses with a French 422.
 */
export const AMOUNT_MAX = 1_000_000_000_000_000;

/** Largest stock quantity of a product, in thousandths (a billion units). */
export const STOCK_QUANTITY_MAX = 1_000_000_000_000;

/** Whether an amount is a safe integer within ±AMOUNT_MAX. */
export const isAmountInRange = (amount: number): boolean =>
  Number.isSafeInteger(amount) && Math.abs(amount) <= AMOUNT_MAX;

/** Value of a stock quantity (thousandths) at a unit cost, exactly (bigint), rounded. */
export function stockValueExact(quantityThousandths: number, unitCostMinor: number): bigint {
  return divRoundHalfAwayFromZero(BigInt(quantityThousandths) * BigInt(unitCostMinor), 1000n);
}
