import { sql, type Kysely } from 'kysely';
import { createDayTotals, type DayTotals } from '../day-totals.js';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The expense list's totals by day (db/day-totals.ts): per shop, day, category and whether the
 * expense is deleted, the number of expenses and the sum of their amounts. A deleted expense stays
 * readable with its history but leaves the totals: the list reads the rows `supprimee = 0`. Only
 * a text search still reads the expenses themselves. And an index for the list sorted by amount.
 */
export const DEPENSES_JOURS: DayTotals = {
  table: 'depenses',
  summary: 'depenses_jours',
  keys: {
    service_id: { type: 'integer', expr: '$.service_id' },
    jour: { type: 'varchar(10)', expr: '$.date' },
    categorie_id: { type: 'integer', expr: '$.categorie_id' },
    supprimee: { type: 'integer', expr: '(case when $.supprime_le is null then 0 else 1 end)' },
  },
  sums: { montant: 'montant' },
};

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await createDayTotals(db, ctx, DEPENSES_JOURS);
  await db.schema
    .createIndex('depenses_montant_idx')
    .on('depenses')
    .columns(['service_id', 'montant', 'id'])
    .where(sql.ref('supprime_le'), 'is', null)
    .execute();
}
