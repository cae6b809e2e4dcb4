import { sql, type Kysely } from 'kysely';
import { blobType, idColumn, type MigrationContext } from '../migration-helpers.js';
import { triggersOf } from './019_journal.js';

/**
 * The archives of the journal (docs/regles-metier.md « Archives du journal »): one zip per month
 * or fiscal-year closure, built and signed with the closure, kept six years. The database refuses
 * UPDATE and DELETE on them, as on the journal (triggers of migration 019).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('journal_archives')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('cloture_sequence', 'bigint', (c) => c.notNull())
    .addColumn('periode', 'varchar(10)', (c) => c.notNull())
    .addColumn('reference', 'varchar(32)', (c) => c.notNull())
    .addColumn('nom', 'varchar(100)', (c) => c.notNull())
    .addColumn('taille', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', blobType(ctx), (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('conserver_jusqu_au', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_archives_cloture_uq')
    .on('journal_archives')
    .columns(['service_id', 'cloture_sequence'])
    .unique()
    .execute();
  for (const statement of triggersOf(ctx, 'journal_archives', null))
    await sql.raw(statement).execute(db);
}
