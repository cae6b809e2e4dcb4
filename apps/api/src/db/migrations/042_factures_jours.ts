import type { Kysely } from 'kysely';
import { createDayTotals, type DayTotals } from '../day-totals.js';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The invoice list's totals by day (db/day-totals.ts): per shop, UTC day of issue, customer,
 * payment status and due date, the number of invoices and the sums of their HT, TTC, credited and
 * outstanding amounts. A shop's calendar days are not UTC days: the list adds the whole UTC days
 * inside the period from here and reads the invoices of the two partial days at its ends
 * (modules/factures/factures.totaux.ts). The due date is a key so that « en retard », which
 * depends on today, is still a filter on this table.
 */
export const FACTURES_JOURS: DayTotals = {
  table: 'factures',
  summary: 'factures_jours',
  keys: {
    service_id: { type: 'integer', expr: '$.service_id' },
    jour: { type: 'varchar(10)', expr: 'substr($.created_at, 1, 10)' },
    client_id: { type: 'integer', expr: '$.client_id' },
    statut_paiement: { type: 'varchar(32)', expr: '$.statut_paiement' },
    echeance: { type: 'varchar(10)', expr: '$.echeance' },
  },
  sums: {
    total_ht: 'total_ht',
    total_ttc: 'total_ttc',
    montant_avoirs: 'montant_avoirs',
    reste: 'reste',
  },
};

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await createDayTotals(db, ctx, FACTURES_JOURS);
}
