import { sql, type Kysely, type OperationNodeSource } from 'kysely';
import { parseSort, searchKey, type ProduitListQuery, type ProduitSort } from '@comptoir/shared';
import { containsPattern, offsetOf } from '../../db/paging.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

const COLUMNS = [
  'produits.id', 'produits.nom', 'produits.reference', 'produits.code_barres', 'produits.categorie_id', 'produits.marque_id',
  'produits.unite_id', 'produits.prix_achat', 'produits.prix_vente', 'produits.prix_gros', 'produits.taux_tva',
  'produits.seuil_alerte', 'produits.quantite', 'produits.image_file_id', 'produits.description', 'produits.actif',
  'produits.created_at', 'produits.updated_at',
  'categories.nom as categorie_nom', 'marques.nom as marque_nom',
  'unites.nom as unite_nom', 'unites.symbole as unite_symbole', 'unites.fractionnable as unite_fractionnable',
] as const;

const SORTS: Record<ProduitSort, string> = {
  nom: 'produits.nom_recherche',
  reference: 'produits.reference',
  code_barres: 'produits.code_barres',
  prix_vente: 'produits.prix_vente',
  quantite: 'produits.quantite',
  created_at: 'produits.created_at',
};

const joined = (db: Kysely<DB>) =>
  db
    .selectFrom('produits')
    .innerJoin('unites', 'unites.id', 'produits.unite_id')
    .leftJoin('categories', 'categories.id', 'produits.categorie_id')
    .leftJoin('marques', 'marques.id', 'produits.marque_id');

export type ProduitFilters = Pick<ProduitListQuery, 'q' | 'categorieId' | 'marqueId' | 'actif' | 'stock'>;

/**
 * The products of the shop matching the list filters. Names are matched on their search key (same
 * case and accents on both sides); references on the built-in case-insensitive LIKE (SQLite LIKE,
 * PostgreSQL ILIKE: no function call per row).
 */
export function filterProduits(db: Kysely<DB>, dialect: Dialect, serviceId: number, query: ProduitFilters) {
  return db.selectFrom('produits').where('produits.service_id', '=', serviceId).where((eb) => {
    const c = [];
    if (query.q) {
      const q = query.q.trim();
      const name = containsPattern(searchKey(q));
      const reference = containsPattern(q);
      if (dialect === 'sqlite' && !/[%_\\]/.test(q)) {
        // The trigram index of migration 006 (a LIKE without ESCAPE, hence only for plain text).
        c.push(eb.or([
          sql<boolean>`produits.id in (select rowid from produits_recherche where nom_recherche like ${name} union select rowid from produits_recherche where reference like ${reference})`,
          eb('produits.code_barres', '=', q),
        ]));
      } else {
        c.push(eb.or([
          sql<boolean>`produits.nom_recherche like ${name} escape '\\'`,
          dialect === 'postgres'
            ? sql<boolean>`produits.reference ilike ${reference} escape '\\'`
            : sql<boolean>`produits.reference like ${reference} escape '\\'`,
          eb('produits.code_barres', '=', q),
        ]));
      }
    }
    if (query.categorieId !== undefined) c.push(eb('produits.categorie_id', '=', query.categorieId));
    if (query.marqueId !== undefined) c.push(eb('produits.marque_id', '=', query.marqueId));
    if (query.actif !== undefined) c.push(eb('produits.actif', '=', query.actif ? 1 : 0));
    if (query.stock === 'rupture') c.push(eb('produits.quantite', '<=', 0));
    if (query.stock === 'sous_seuil') c.push(eb.and([eb('produits.quantite', '>', 0), sql<boolean>`produits.quantite <= produits.seuil_alerte`]));
    if (query.stock === 'en_stock') c.push(eb.and([eb('produits.quantite', '>', 0), sql<boolean>`produits.quantite > produits.seuil_alerte`]));
    return eb.and(c);
  });
}

/**
 * One page of the shop's products. Without a text or stock filter the sorted page walks an index
 * and the total is a separate count; with one, both come from a single scan (count(*) over ()).
 */
export async function findProduitPage(db: Kysely<DB>, dialect: Dialect, serviceId: number, query: ProduitListQuery) {
  const filtered = filterProduits(db, dialect, serviceId, query);
  const { field, direction } = parseSort<ProduitSort>(query.sort, 'nom');
  const scanning = Boolean(query.q) || query.stock !== undefined;
  const page: Array<{ id: number; total?: number }> =
    dialect === 'postgres' && (scanning || query.categorieId !== undefined || query.marqueId !== undefined)
      ? await matchesFirst(db, filtered.select(['produits.id as id', sql.ref(SORTS[field]).as('s')]), direction, query)
      : await filtered
          .select('produits.id')
          .$if(scanning, (qb) => qb.select(sql<number>`count(*) over ()`.as('total')))
          .orderBy(sql.ref(SORTS[field]), direction)
          .orderBy('produits.id', direction)
          .limit(query.size)
          .offset(offsetOf(query))
          .execute();
  let total: number;
  if (scanning && page.length > 0) total = Number((page[0] as { total?: number }).total);
  else total = Number((await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = page.length ? await joined(db).select(COLUMNS).where('produits.id', 'in', page.map((r) => r.id)).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: page.map((r) => byId.get(r.id)!).filter(Boolean), total };
}

/**
 * PostgreSQL, for a text, stock, category or brand filter: with a LIMIT its planner walks the sorted index and filters
 * most of the table; gathering the matches first (trigram and bitmap scans) and sorting only them is
 * several times faster at 100,000 products.
 */
async function matchesFirst(
  db: Kysely<DB>,
  matches: OperationNodeSource,
  direction: 'asc' | 'desc',
  query: ProduitListQuery,
): Promise<Array<{ id: number; total: number }>> {
  const order = sql.raw(direction === 'desc' ? 'desc' : 'asc');
  const { rows } = await sql<{ id: number; total: number }>`
    with m as materialized (${matches})
    select id, count(*) over () as total from m
    order by s ${order}, id ${order}
    limit ${query.size} offset ${offsetOf(query)}`.execute(db);
  return rows;
}

/** Every matching product with its names, sorted, for the export. */
export function findProduitsForExport(db: Kysely<DB>, dialect: Dialect, serviceId: number, query: ProduitFilters & { sort?: string | undefined }) {
  const { field, direction } = parseSort<ProduitSort>(query.sort, 'nom');
  const ids = filterProduits(db, dialect, serviceId, query).select('produits.id');
  return joined(db).select(COLUMNS).where('produits.id', 'in', ids).orderBy(sql.ref(SORTS[field]), direction).orderBy('produits.id', direction).execute();
}

export type ProduitRow = Awaited<ReturnType<typeof findProduitPage>>['items'][number];

export const findProduit = (db: Kysely<DB>, serviceId: number, id: number) =>
  joined(db).select(COLUMNS).where('produits.id', '=', id).where('produits.service_id', '=', serviceId).executeTakeFirst();

export const findProduitByBarcode = (db: Kysely<DB>, serviceId: number, code: string) =>
  joined(db).select(COLUMNS).where('produits.service_id', '=', serviceId).where('produits.code_barres', '=', code).executeTakeFirst();

/** Another product of the shop holding this value in `column`, if any. */
export function findHolder(db: Kysely<DB>, serviceId: number, column: 'reference' | 'code_barres', value: string, exceptId?: number) {
  let q = db.selectFrom('produits').select(['id', 'nom']).where('service_id', '=', serviceId).where(column, '=', value);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function findMouvementPage(db: Kysely<DB>, produitId: number, query: { page: number; size: number; sort?: string | undefined; type?: string | undefined }) {
  const base = db.selectFrom('mouvements_stock').where('produit_id', '=', produitId).where((eb) => eb.and(query.type ? [eb('type', '=', query.type)] : []));
  const direction = query.sort === 'created_at,asc' ? 'asc' : 'desc';
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = await base
    .leftJoin('users', 'users.id', 'mouvements_stock.user_id')
    .select([
      'mouvements_stock.id', 'mouvements_stock.type', 'mouvements_stock.quantite', 'mouvements_stock.motif',
      'mouvements_stock.document_type', 'mouvements_stock.document_id', 'mouvements_stock.created_at',
      'users.id as user_id', 'users.prenom as user_prenom', 'users.nom as user_nom',
    ])
    .orderBy('mouvements_stock.created_at', direction)
    .orderBy('mouvements_stock.id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export async function countMouvements(db: Kysely<DB>, produitId: number): Promise<number> {
  const row = await db.selectFrom('mouvements_stock').select((eb) => eb.fn.countAll<number>().as('n')).where('produit_id', '=', produitId).executeTakeFirstOrThrow();
  return Number(row.n);
}
