import { currencyExponent } from '../money.js';

/**
 * The notes and coins a drawer is counted with, per currency, in the currency's minor unit,
 * largest first. FCFA (XOF, XAF): 10 000 F to 1 F; euro: 500 € to 0,01 €. A currency without a
 * list here is counted as one amount (`especes` of the closing).
 */
const FCFA = [10000, 5000, 2000, 1000, 500, 250, 200, 100, 50, 25, 10, 5, 1] as const;
const COUPURES: Record<string, readonly number[]> = {
  XOF: FCFA,
  XAF: FCFA,
  EUR: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
};

/** The denominations of a currency, largest first, or null when it is counted as one amount. */
export function coupuresOf(devise: string): readonly number[] | null {
  return COUPURES[devise] ?? null;
}

/**
 * The variance above which a closing needs a reason (a constant, not a shop setting): 500 F for a
 * currency without decimals, 5 units (5,00 €) for the others, per payment mode.
 */
export function seuilMotifEcart(devise: string): number {
  const exponent = currencyExponent(devise);
  return exponent === 0 ? 500 : 5 * 10 ** exponent;
}

/** Total of a count by denomination, exact (integers in minor units). */
export function totalCoupures(coupures: ReadonlyArray<{ valeur: number; nombre: number }>): number {
  return coupures.reduce((sum, c) => sum + c.valeur * c.nombre, 0);
}
