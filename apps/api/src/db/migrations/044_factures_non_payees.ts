import { sql, type Kysely } from 'kysely';

/**
 * The invoices still owed, newest first, on their own index: « impayées », « partiellement
 * payées » and « en retard » are a few rows among 100,000 paid ones, and without it both databases
 * walk every invoice by day to find them. The list's filter names the index's condition as it is
 * written here (modules/factures/factures.statut.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('factures_non_payees_idx')
    .on('factures')
    .columns(['service_id', 'created_at', 'id'])
    .where(sql.ref('statut_paiement'), '<>', 'payee')
    .execute();
}
