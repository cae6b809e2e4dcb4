import type { DevisInput } from '@comptoir/shared';
import type { AppContext } from '../src/core/context.js';
import { cle } from './ventes.fixtures.js';

/** Shop A as a French business: EUR, VAT liable, TTC prices, identifiers (quotes' tests). */
export async function boutiqueFrancaise(ctx: AppContext, serviceId: number): Promise<void> {
  await ctx.database.db
    .updateTable('services')
    .set({
      pays: 'FR',
      devise: 'EUR',
      ville: 'Paris',
      adresse: '5 rue du Commerce',
      assujetti_tva: 1,
      prix_ttc: 1,
      siret: '73282932000074',
      tva_intracom: 'FR44732829320',
    })
    .where('id', '=', serviceId)
    .execute();
}

/** A quote body with a fresh idempotency key. */
export const devisBody = (
  clientId: number,
  typeVenteId: number,
  lignes: DevisInput['lignes'],
  rest: Partial<DevisInput> = {},
): DevisInput => ({
  cleIdempotence: cle(),
  clientId,
  typeVenteId,
  dateValidite: '2026-07-15',
  lignes,
  ...rest,
});

/** A free-text service line. */
export const prestation = (designation: string, prixUnitaire: number, tauxTva = 2000) => ({
  produitId: null,
  designation,
  prixUnitaire,
  tauxTva,
  uniteSymbole: 'forfait',
  quantite: 1000,
});
