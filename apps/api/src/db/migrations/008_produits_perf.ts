import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The stock state of a product as a number: 0 rupture (quantité ≤ 0), 1 sous le seuil
 * (0 < quantité ≤ seuil d'alerte), 2 en stock. The product list filters on this very expression
 * (`produits.repository.ts`, ETAT_STOCK): an index on an expression serves only a query that
 * writes it the same way.
 */
const ETAT_STOCK = 'case when quantite <= 0 then 0 when quantite <= seuil_alerte then 1 else 2 end';

/**
 * Product list at 100,000 products.
 * - Both databases: an index on (boutique, état du stock, nom) answers a stock filter with the
 *   rows already in name order and counts them without reading the table; the database maintains
 *   it wherever quantité or seuil d'alerte change (movements, import, product edits). PostgreSQL
 *   carries quantité and seuil d'alerte in it (INCLUDE) so that the count is an index-only scan.
 * - PostgreSQL: the name index gets the id (the list's tie-break) so that a deep page (OFFSET)
 *   walks the index alone; SQLite's indexes already end with the rowid.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await sql`drop index produits_nom_recherche_idx`.execute(db);
    await sql`create index produits_nom_recherche_idx on produits (service_id, nom_recherche, id)`.execute(
      db,
    );
    await sql`create index produits_etat_stock_idx on produits (service_id, (${sql.raw(ETAT_STOCK)}), nom_recherche, id) include (quantite, seuil_alerte)`.execute(
      db,
    );
  } else {
    await sql`create index produits_etat_stock_idx on produits (service_id, (${sql.raw(ETAT_STOCK)}), nom_recherche)`.execute(
      db,
    );
  }
}
