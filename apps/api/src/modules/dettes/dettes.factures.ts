import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * What the customer still owes on an invoice (`factures.reste`) and its payment status
 * (`factures.statut_paiement`: payee, partiellement_payee or impayee), stored on the invoice so
 * that the invoice list and its totals read columns (migration 032). Both derive from the debts of
 * the invoice's sales, which this module keeps, and from its commercial credit notes: they are
 * refreshed in the transaction of every document that changes one of them — refreshVenteStatut
 * (repayments, credits of returns, returns) here, the issue and the credit notes in
 * modules/factures. Rules: docs/regles-metier.md, « Factures ».
 */

/**
 * SQL of the rest owed on invoice `f` (alias of `factures`): the rest of its sales' debts less its
 * commercial credit notes (those without goods coming back), never below zero.
 */
export function resteFactureSql(f: string): RawBuilder<number> {
  const id = sql.ref(`${f}.id`);
  const commerciaux = sql.ref(`${f}.avoirs_commerciaux`);
  const dettes = sql`(select coalesce(sum(d.montant - d.paye), 0) from facture_ventes fv inner join dettes d on d.vente_id = fv.vente_id where fv.facture_id = ${id})`;
  return sql<number>`(case when ${dettes} - ${commerciaux} > 0 then ${dettes} - ${commerciaux} else 0 end)`;
}

/** SQL of the money received for the sales of invoice `f` (at the counter and repaid since). */
export function payeFactureSql(f: string): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(v.montant_paye), 0) from facture_ventes fv inner join ventes v on v.id = fv.vente_id where fv.facture_id = ${sql.ref(`${f}.id`)})`;
}

/**
 * Recomputes and stores the rest and payment status of invoice `factureId`, or of the invoice that
 * holds sale `venteId` (none yet: nothing to do), inside the caller's transaction. Nothing left →
 * payee; some money received for its sales → partiellement_payee; otherwise impayee.
 */
export async function refreshFactureSolde(
  trx: Transaction<DB>,
  target: { factureId: number } | { venteId: number },
): Promise<void> {
  const reste = resteFactureSql('factures');
  await trx
    .updateTable('factures')
    .set({
      reste,
      statut_paiement: sql<string>`(case when ${reste} <= 0 then 'payee' when ${payeFactureSql('factures')} > 0 then 'partiellement_payee' else 'impayee' end)`,
    })
    .where((eb) =>
      'factureId' in target
        ? eb('id', '=', target.factureId)
        : eb(
            'id',
            'in',
            eb
              .selectFrom('facture_ventes')
              .select('facture_id')
              .where('vente_id', '=', target.venteId),
          ),
    )
    .execute();
}
