import type { DevisStatut } from '../schemas/devis.js';

/** What a quote stores as its state: never « expire », which is read from the calendar. */
export type DevisStatutStocke = Exclude<DevisStatut, 'expire'>;

/**
 * THE quote status rule: a sent quote whose validity date (its last day) is before the shop's
 * `aujourdhui` has expired; every other state is as stored (a draft was never offered; an accepted,
 * refused or converted quote was decided in time).
 */
export function statutDevis(
  stocke: DevisStatutStocke,
  dateValidite: string,
  aujourdhui: string,
): DevisStatut {
  return stocke === 'envoye' && dateValidite < aujourdhui ? 'expire' : stocke;
}
