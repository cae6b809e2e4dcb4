import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * SQLite: a version of each shop's name order, beside its number of products (`produits_comptes`,
 * migration 054), raised by the database whenever that order may change: a product added, deleted,
 * renamed (its sort key) or moved to another shop. Never by a sale, a price or a stock change.
 * The server keeps each searched shop's name order in memory (produits.ordre.ts) and reads it
 * again only when this version moved: a text search in name order then ranks its matches without
 * walking the name index (« the complete », 5,000 matches at the end of 100,000 products: 8 ms).
 * The insertion and deletion triggers of migration 054 are written again to raise it in the
 * statement they already run (an import pays nothing more). Shops and products never reuse an id
 * (AUTOINCREMENT), so a version is never met again for other products.
 * PostgreSQL: nothing (its searches gather their matches in SQL).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await sql`alter table produits_comptes add column version integer not null default 0`.execute(db);
  for (const t of ['ai', 'ad', 'au'])
    await sql`drop trigger ${sql.raw(`produits_comptes_${t}`)}`.execute(db);
  await sql`create trigger produits_comptes_ai after insert on produits begin
    insert into produits_comptes (service_id, n, version) values (new.service_id, 1, 1)
      on conflict (service_id) do update set n = n + 1, version = version + 1;
  end`.execute(db);
  await sql`create trigger produits_comptes_ad after delete on produits begin
    update produits_comptes set n = n - 1, version = version + 1 where service_id = old.service_id;
  end`.execute(db);
  // A product never changes shop; should one, it is counted out of the old and into the new.
  await sql`create trigger produits_comptes_au after update of service_id on produits
    when old.service_id is not new.service_id begin
    update produits_comptes set n = n - 1, version = version + 1 where service_id = old.service_id;
    insert into produits_comptes (service_id, n, version) values (new.service_id, 1, 1)
      on conflict (service_id) do update set n = n + 1, version = version + 1;
  end`.execute(db);
  await sql`create trigger produits_ordre_au after update of nom_tri on produits
    when old.nom_tri is not new.nom_tri begin
    update produits_comptes set version = version + 1 where service_id = new.service_id;
  end`.execute(db);
}
