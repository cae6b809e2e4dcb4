import type { Kysely } from 'kysely';
import { createDayTotals, type DayTotals } from '../day-totals.js';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The purchase list's totals by day (db/day-totals.ts): per shop, purchase day, supplier and
 * status, the number of purchases and the sums of their total, paid, returned and refunded
 * amounts. The list's filters (period, supplier, status) are its keys; only a text search still
 * reads the purchases themselves. And an index for the list sorted by amount.
 */
export const ACHATS_JOURS: DayTotals = {
  table: 'achats',
  summary: 'achats_jours',
  keys: {
    service_id: { type: 'integer', expr: '$.service_id' },
    jour: { type: 'varchar(10)', expr: '$.date_achat' },
    fournisseur_id: { type: 'integer', expr: '$.fournisseur_id' },
    statut: { type: 'varchar(32)', expr: '$.statut' },
  },
  sums: {
    total: 'total',
    montant_paye: 'montant_paye',
    montant_retourne: 'montant_retourne',
    montant_rembourse: 'montant_rembourse',
  },
};

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await createDayTotals(db, ctx, ACHATS_JOURS);
  // The list sorted by amount reads its pages on an index, as by day.
  await db.schema
    .createIndex('achats_total_idx')
    .on('achats')
    .columns(['service_id', 'total', 'id'])
    .execute();
}
