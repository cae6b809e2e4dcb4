import { sql, type Kysely } from 'kysely';
import { searchKey, type ProduitListQuery } from '@comptoir/shared';
import type { Dialect } from '../../db/database.js';
import { containsPattern } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

export type ProduitFilters = Pick<
  ProduitListQuery,
  'q' | 'categorieId' | 'marqueId' | 'actif' | 'stock'
>;

/**
 * The stock state as a number (0 rupture: quantité ≤ 0; 1 sous le seuil: 0 < quantité ≤ seuil
 * d'alerte; 2 en stock), written exactly as the index of migration 008 writes it (an index on an
 * expression serves only that expression): the stock filters read that index, already in name order.
 */
export const ETAT_STOCK =
  'case when produits.quantite <= 0 then 0 when produits.quantite <= produits.seuil_alerte then 1 else 2 end';
const ETATS: Record<NonNullable<ProduitListQuery['stock']>, number> = {
  rupture: 0,
  sous_seuil: 1,
  en_stock: 2,
};

/** FTS5 phrase (`"…"`, inner quotes doubled) for the trigram table. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * SQLite: the query of the trigram table (migration 055) that finds exactly the products whose
 * search key contains the text's key or whose reference contains the text (what the LIKE below
 * keeps), or undefined when the table cannot answer: a text with a LIKE wildcard, or shorter than
 * three characters (no trigram).
 */
export function sqliteTextQuery(q: string): string | undefined {
  const text = q.trim();
  const key = searchKey(text);
  const lower = text.toLowerCase();
  if (/[%_\\]/.test(text) || [...key].length < 3 || [...lower].length < 3) return undefined;
  // The table holds the texts upper-cased as SQLite's upper() does it: ASCII letters only.
  const [name, reference] = [key, lower].map((t) => t.replace(/[a-z]+/g, (l) => l.toUpperCase()));
  // One phrase over both columns when the name key and the reference text are the same string.
  return name === reference
    ? `{nom_recherche reference} : ${phrase(name!)}`
    : `nom_recherche : ${phrase(name!)} OR reference : ${phrase(reference!)}`;
}

/** The same query kept to one shop's products (and to its active or inactive ones). */
export const sqliteShopQuery = (text: string, serviceId: number, actif?: boolean) =>
  `(${text}) AND filtre : ${phrase(`#${serviceId}#${actif === undefined ? '' : actif ? 1 : 0}`)}`;

/**
 * PostgreSQL: the ids (or other `columns`) of the shop's products matching a text, from the narrow
 * table of migration 055 and its trigram indexes (name key LIKE, reference ILIKE, exact barcode).
 */
export function postgresTextMatches(serviceId: number, q: string, actif?: boolean, columns = 'id') {
  return sql<{ id: number }>`select ${sql.raw(columns)} from produits_recherche
    where service_id = ${serviceId}
      and (nom_recherche like ${containsPattern(searchKey(q))} escape '\\'
        or reference ilike ${containsPattern(q)} escape '\\' or code_barres = ${q})
      ${actif === undefined ? sql`` : sql`and actif = ${actif ? 1 : 0}`}`;
}

/**
 * The products of the shop matching the list filters. Names are matched on their search key (same
 * case and accents on both sides); references on the built-in case-insensitive LIKE (SQLite LIKE,
 * PostgreSQL ILIKE: no function call per row).
 */
export function filterProduits(
  db: Kysely<DB>,
  dialect: Dialect,
  serviceId: number,
  query: ProduitFilters,
) {
  return db
    .selectFrom('produits')
    .where('produits.service_id', '=', serviceId)
    .where((eb) => {
      const c = [];
      if (query.q) {
        const q = query.q.trim();
        const key = searchKey(q);
        const name = containsPattern(key);
        const reference = containsPattern(q);
        const text = dialect === 'sqlite' ? sqliteTextQuery(q) : undefined;
        if (text !== undefined) {
          c.push(
            eb.or([
              sql<boolean>`produits.id in (select rowid from produits_recherche where produits_recherche match ${text})`,
              eb('produits.code_barres', '=', q),
            ]),
          );
        } else if (dialect === 'postgres') {
          c.push(sql<boolean>`produits.id in (${postgresTextMatches(serviceId, q)})`);
        } else {
          c.push(
            eb.or([
              sql<boolean>`produits.nom_recherche like ${name} escape '\\'`,
              sql<boolean>`produits.reference like ${reference} escape '\\'`,
              eb('produits.code_barres', '=', q),
            ]),
          );
        }
      }
      if (query.categorieId !== undefined)
        c.push(eb('produits.categorie_id', '=', query.categorieId));
      if (query.marqueId !== undefined) c.push(eb('produits.marque_id', '=', query.marqueId));
      if (query.actif !== undefined) c.push(eb('produits.actif', '=', query.actif ? 1 : 0));
      if (query.stock !== undefined)
        c.push(sql<boolean>`(${sql.raw(ETAT_STOCK)}) = ${ETATS[query.stock]}`);
      return eb.and(c);
    });
}
