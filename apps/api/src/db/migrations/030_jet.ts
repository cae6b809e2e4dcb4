import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';
import { triggersOf } from './019_journal.js';

/**
 * The technical events journal, JET (docs/regles-metier.md « Journal des événements
 * techniques »): sign-ins, exports, archives, failed verifications, settings and price changes,
 * clock anomalies — one chain per shop, hashed like the sales journal (`jet_entrees`, its head
 * `jet_tetes`), UPDATE and DELETE refused by the triggers of migration 019. Both heads keep the
 * server's clock at their last append (`horloge`): an append that finds the clock behind it
 * records a clock anomaly.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('jet_entrees')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('sequence', 'bigint', (c) => c.notNull())
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('horodatage', 'varchar(32)', (c) => c.notNull())
    .addColumn('contenu', 'text', (c) => c.notNull())
    .addColumn('hash_precedent', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('signature', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('jet_entrees_sequence_uq')
    .on('jet_entrees')
    .columns(['service_id', 'sequence'])
    .unique()
    .execute();
  await db.schema
    .createTable('jet_tetes')
    .addColumn('service_id', 'integer', (c) => c.primaryKey().references('services.id'))
    .addColumn('sequence', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('horloge', 'varchar(32)')
    .execute();
  await db.schema.alterTable('journal_tetes').addColumn('horloge', 'varchar(32)').execute();
  for (const statement of triggersOf(ctx, 'jet_entrees', null))
    await sql.raw(statement).execute(db);
}
