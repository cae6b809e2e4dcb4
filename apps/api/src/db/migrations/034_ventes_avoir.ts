import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The customer's available credit used at a sale (issue 15): the cashier chooses it as a payment
 * (« Avoir »), the sale keeps how much it took. Earlier sales used none at the counter.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('ventes')
    .addColumn('avoir', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
