import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * PostgreSQL: trigram indexes for "contains" searches of product names and references (100,000
 * products). Only when the server ships pg_trgm (a trusted extension: the database owner may create
 * it); without it, the search still works by scanning. SQLite: nothing to do.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  const { rows } = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(
    db,
  );
  if (rows.length === 0) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index produits_nom_trgm_idx on produits using gin (nom_recherche gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index produits_reference_trgm_idx on produits using gin (reference gin_trgm_ops)`.execute(
    db,
  );
}
