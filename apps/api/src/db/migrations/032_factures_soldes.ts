import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The invoice list at scale (issue 12). What a customer still owes on an invoice and its payment
 * status were derived at every read from its sales' debts: the list's totals ran one subquery per
 * invoice of the shop. They are now stored on the invoice (`reste`, `statut_paiement`: payee,
 * partiellement_payee or impayee; « en retard » stays derived from the due date at read) and kept
 * by every document that changes them, in its transaction (modules/dettes/dettes.factures.ts).
 * Both are derived columns: the triggers of 019 leave them writable. Existing invoices get theirs
 * here, by the same rules. Indexes: the totals of a period read one covering index, a status
 * filter and each sort theirs.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('factures')
    .addColumn('reste', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('factures')
    .addColumn('statut_paiement', 'varchar(20)', (c) => c.notNull().defaultTo('impayee'))
    .execute();
  const du = sql`(select coalesce(sum(d.montant - d.paye), 0) from facture_ventes fv inner join dettes d on d.vente_id = fv.vente_id where fv.facture_id = factures.id)`;
  await sql`update factures set reste = case when ${du} - avoirs_commerciaux > 0 then ${du} - avoirs_commerciaux else 0 end`.execute(
    db,
  );
  const paye = sql`(select coalesce(sum(v.montant_paye), 0) from facture_ventes fv inner join ventes v on v.id = fv.vente_id where fv.facture_id = factures.id)`;
  await sql`update factures set statut_paiement = case when reste <= 0 then 'payee' when ${paye} > 0 then 'partiellement_payee' else 'impayee' end`.execute(
    db,
  );
  await db.schema
    .createIndex('factures_totaux_idx')
    .on('factures')
    .columns(['service_id', 'created_at', 'total_ht', 'total_ttc', 'montant_avoirs', 'reste'])
    .execute();
  await db.schema
    .createIndex('factures_statut_idx')
    .on('factures')
    .columns(['service_id', 'statut_paiement', 'created_at', 'id'])
    .execute();
  // The list's other sorts: by amount and by due date (by number: factures_numero_uq).
  for (const column of ['total_ttc', 'echeance'])
    await db.schema
      .createIndex(`factures_${column}_idx`)
      .on('factures')
      .columns(['service_id', column, 'id'])
      .execute();
}
