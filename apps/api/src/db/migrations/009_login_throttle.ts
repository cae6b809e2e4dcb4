import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * Sign-in and reset throttling as one counter per key (modules/auth/throttle.ts), taken by a
 * conditional UPDATE before the password is checked; the log of failures it replaces could be
 * read by many requests before any of them wrote.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttle_last_idx')
    .on('login_throttle')
    .column('last_at')
    .execute();
}
