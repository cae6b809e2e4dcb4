import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * The history of a product's cost outside the stock ledger (issue 13): each change of
 * `produits.prix_achat` that no movement records (a cost corrected by hand on the product's form)
 * is a row here, written in the transaction of the change, with the cost before and after it and
 * its instant. The value of the stock at the end of a past day takes the latest of the last
 * movement's `cump` (migration 039) and the last correction up to then.
 *
 * Nothing is backfilled: a correction made before this migration is not known (the product's form
 * kept no trace of it). Until the product's next movement, a past day still reads the cost of its
 * last movement, as before.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('couts_corriges')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('produit_id', 'integer', (c) =>
      c.notNull().references('produits.id').onDelete('cascade'),
    )
    .addColumn('cump_avant', 'bigint', (c) => c.notNull())
    .addColumn('cump_apres', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('couts_corriges_produit_idx')
    .on('couts_corriges')
    .columns(['produit_id', 'created_at'])
    .execute();
}
