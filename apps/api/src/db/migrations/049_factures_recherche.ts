import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * A trigram index of invoice numbers, for the invoice list's search (« contient », any part of
 * F-2026-000123) without reading every invoice: SQLite, an FTS5 table kept by triggers like the
 * products' (migration 006); PostgreSQL, a trigram index when the server ships pg_trgm (migration
 * 005 created the extension), which `ilike` uses. Without pg_trgm the search still works by scanning.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (rows.length === 0) return;
    await sql`create index factures_numero_trgm_idx on factures using gin (numero gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table factures_recherche using fts5(numero, content='factures', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger factures_recherche_ai after insert on factures begin
    insert into factures_recherche(rowid, numero) values (new.id, new.numero);
  end`.execute(db);
  await sql`create trigger factures_recherche_ad after delete on factures begin
    insert into factures_recherche(factures_recherche, rowid, numero) values ('delete', old.id, old.numero);
  end`.execute(db);
  await sql`create trigger factures_recherche_au after update of numero on factures begin
    insert into factures_recherche(factures_recherche, rowid, numero) values ('delete', old.id, old.numero);
    insert into factures_recherche(rowid, numero) values (new.id, new.numero);
  end`.execute(db);
  await sql`insert into factures_recherche(factures_recherche) values ('rebuild')`.execute(db);
}
