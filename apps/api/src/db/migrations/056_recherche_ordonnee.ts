import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

const TEXTES = 'id, service_id, nom_recherche, reference, code_barres, actif, nom_tri';

/**
 * PostgreSQL: the narrow search table of migration 055 written in name order, so that the products
 * whose names begin alike share its pages. Each candidate of a trigram index is read again on the
 * table (exact LIKE, sort key): a search that finds 5,000 of 100,000 products imported in any order
 * (« cafe moulu ») read nearly all of its 1,830 pages. Its insertion trigger now writes each
 * statement's new products (an import writes 500 per statement) sorted by shop and name key, and
 * the rows already there are written again in that order. A renamed product keeps its place.
 * SQLite: nothing (its exact index, a full-text table, reads no row).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`create or replace function produits_recherche_ajout() returns trigger
    language plpgsql as $$
    begin
      insert into produits_recherche (${sql.raw(TEXTES)})
        select ${sql.raw(TEXTES)} from nouveaux order by service_id, nom_tri, id;
      return null;
    end $$`.execute(db);
  await sql`create temporary table produits_recherche_ordre as
    select ${sql.raw(TEXTES)} from produits_recherche order by service_id, nom_tri, id`.execute(db);
  await sql`truncate produits_recherche`.execute(db);
  await sql`insert into produits_recherche (${sql.raw(TEXTES)})
    select ${sql.raw(TEXTES)} from produits_recherche_ordre`.execute(db);
  await sql`drop table produits_recherche_ordre`.execute(db);
}
