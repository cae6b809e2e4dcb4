import { sql, type Transaction } from 'kysely';
import type { DetteStatut, VenteStatut } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { refreshFactureSolde } from './dettes.factures.js';

/**
 * Statuses derived from what is owed: a debt's (read with the shop's day) and a sale's (stored,
 * refreshed by every document that changes its debt, the money received or its returns).
 */

/**
 * soldee: nothing left; en_retard: something left after the due date; otherwise en_cours.
 * `today` is the shop's calendar day (shopToday in db/time.ts).
 */
export function statutDette(reste: number, echeance: string, today: string): DetteStatut {
  if (reste <= 0) return 'soldee';
  return echeance < today ? 'en_retard' : 'en_cours';
}

/**
 * A sale's status, from its documents:
 * - every line fully returned → 'retournee';
 * - nothing left on its debt (or no debt) → 'payee';
 * - no money received for it (counter payments and repayments) → 'a_credit';
 * - otherwise → 'partiellement_payee'.
 */
export function statutVente(v: {
  toutRetourne: boolean;
  reste: number;
  montantPaye: number;
}): VenteStatut {
  if (v.toutRetourne) return 'retournee';
  if (v.reste <= 0) return 'payee';
  if (v.montantPaye <= 0) return 'a_credit';
  return 'partiellement_payee';
}

/**
 * Recomputes and stores `ventes.statut` inside the caller's transaction, and the rest and payment
 * status of the sale's invoice if it has one (dettes.factures.ts). Call it after anything that
 * changes a sale's debt, money received or returned quantities (repayment, return, credit).
 */
export async function refreshVenteStatut(
  trx: Transaction<DB>,
  venteId: number,
): Promise<VenteStatut> {
  const row = await trx
    .selectFrom('ventes as v')
    .leftJoin('dettes as d', 'd.vente_id', 'v.id')
    .select([
      'v.montant_paye',
      sql<number>`coalesce(d.montant - d.paye, 0)`.as('reste'),
      sql<number>`(select count(*) from vente_lignes l where l.vente_id = v.id and l.quantite_retournee < l.quantite)`.as(
        'lignes_ouvertes',
      ),
    ])
    .where('v.id', '=', venteId)
    .executeTakeFirstOrThrow();
  const statut = statutVente({
    toutRetourne: Number(row.lignes_ouvertes) === 0,
    reste: Number(row.reste),
    montantPaye: Number(row.montant_paye),
  });
  await trx.updateTable('ventes').set({ statut }).where('id', '=', venteId).execute();
  await refreshFactureSolde(trx, { venteId });
  return statut;
}
