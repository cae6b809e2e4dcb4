import { sql, type Kysely } from 'kysely';
import { parseSort, type ProduitListQuery, type ProduitSort } from '@comptoir/shared';
import { inOrderOf } from '../../core/csv-export.js';
import { offsetOf } from '../../db/paging.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { matchesFirst, sqliteSearchPage, type IdPage } from './produits.recherche.js';
import { filterProduits, postgresTextMatches, type ProduitFilters } from './produits.search.js';

const COLUMNS = [
  'produits.id',
  'produits.nom',
  'produits.reference',
  'produits.code_barres',
  'produits.categorie_id',
  'produits.marque_id',
  'produits.unite_id',
  'produits.prix_achat',
  'produits.prix_vente',
  'produits.prix_gros',
  'produits.taux_tva',
  'produits.seuil_alerte',
  'produits.quantite',
  'produits.image_file_id',
  'produits.description',
  'produits.actif',
  'produits.created_at',
  'produits.updated_at',
  'categories.nom as categorie_nom',
  'marques.nom as marque_nom',
  'unites.nom as unite_nom',
  'unites.symbole as unite_symbole',
  'unites.fractionnable as unite_fractionnable',
] as const;

const SORTS: Record<ProduitSort, string> = {
  nom: 'produits.nom_tri',
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

/**
 * One page of the shop's products. Without a text or stock filter the sorted page walks an index
 * and the total is a separate count, run beside the page (PostgreSQL: on another pooled connection;
 * without any filter, the shop's number of products kept by migration 054);
 * with one, both come from a single scan (count(*) over ()). A stock, category or brand filter
 * alone, sorted by name, walks its index in name order (stock state: migration 008; category and
 * brand: migration 054), and its count reads that index only: the page and the count are cheap apart.
 * SQLite, a text search alone or with the active filter: the exact trigram table of migration 055
 * (produits.recherche.ts). PostgreSQL gathers the matches and returns the total and the page's rows
 * in one statement.
 */
export async function findProduitPage(
  db: Kysely<DB>,
  dialect: Dialect,
  serviceId: number,
  query: ProduitListQuery,
) {
  const filtered = filterProduits(db, dialect, serviceId, query);
  const { field, direction } = parseSort<ProduitSort>(query.sort, 'nom');
  const indexed = [query.stock, query.categorieId, query.marqueId].filter((f) => f !== undefined);
  const byOrderedIndex = indexed.length === 1 && !query.q && field === 'nom';
  const scanning = (Boolean(query.q) || query.stock !== undefined) && !byOrderedIndex;
  const gathering = dialect === 'postgres' && (scanning || (indexed.length > 0 && !byOrderedIndex));
  const unfiltered =
    !query.q &&
    query.stock === undefined &&
    query.categorieId === undefined &&
    query.marqueId === undefined &&
    query.actif === undefined;
  const count = async () =>
    unfiltered
      ? shopProductCount(db, serviceId)
      : Number(
          (
            await filtered
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
  const rowsOf = () => joined(db).select(COLUMNS);
  type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];
  const pageIds = async (): Promise<IdPage & { counted: boolean; rows?: Row[] }> => {
    const searched =
      dialect === 'sqlite'
        ? await sqliteSearchPage(db, serviceId, query, field, direction)
        : undefined;
    if (searched) return { ...searched, counted: true };
    if (gathering) {
      // A text alone (or with the active filter) in name order: the narrow table has it all.
      const matches =
        query.q && indexed.length === 0 && field === 'nom'
          ? postgresTextMatches(serviceId, query.q.trim(), query.actif, 'id, nom_tri as s')
          : filtered.select(['produits.id as id', sql.ref(SORTS[field]).as('s')]);
      // The page's rows in the same statement (`k.ids`: the page's ids, produits.recherche.ts).
      const rows = rowsOf().where(sql<boolean>`produits.id = any(k.ids)`);
      return { ...(await matchesFirst(db, matches, direction, query, rows)), counted: true };
    }
    const page: Array<{ id: number; total?: number }> = await filtered
      .select('produits.id')
      .$if(scanning, (qb) => qb.select(sql<number>`count(*) over ()`.as('total')))
      .orderBy(sql.ref(SORTS[field]), direction)
      .orderBy('produits.id', direction)
      .limit(query.size)
      .offset(offsetOf(query))
      .execute();
    const ids = page.map((r) => Number(r.id));
    return scanning && page.length > 0
      ? { ids, total: Number(page[0]!.total), counted: true }
      : { ids, total: 0, counted: false };
  };
  const pageWithRows = async () => {
    const page = await pageIds();
    const rows =
      page.rows ??
      (page.ids.length ? await rowsOf().where('produits.id', 'in', page.ids).execute() : []);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { page, items: page.ids.map((id) => byId.get(id)!).filter(Boolean) };
  };
  const windowed = scanning || gathering;
  const [{ page, items }, counted] = await Promise.all([
    pageWithRows(),
    windowed ? undefined : count(),
  ]);
  const total = counted ?? (page.counted ? page.total : await count());
  return { items, total };
}

/** The shop's number of products, kept by the triggers of migration 054. */
async function shopProductCount(db: Kysely<DB>, serviceId: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select n from produits_comptes where service_id = ${serviceId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The ids of every matching product, in the list's order: what the export writes, and in which order. */
export async function findProduitIdsForExport(
  db: Kysely<DB>,
  dialect: Dialect,
  serviceId: number,
  query: ProduitFilters & { sort?: string | undefined },
): Promise<number[]> {
  const { field, direction } = parseSort<ProduitSort>(query.sort, 'nom');
  const rows = await filterProduits(db, dialect, serviceId, query)
    .select('produits.id')
    .orderBy(sql.ref(SORTS[field]), direction)
    .orderBy('produits.id', direction)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** These products of the shop with their names, in the order of `ids` (one gone meanwhile is left out). */
export async function findProduitsByIds(db: Kysely<DB>, serviceId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await joined(db)
    .select(COLUMNS)
    .where('produits.service_id', '=', serviceId)
    .where('produits.id', 'in', [...ids])
    .execute();
  return inOrderOf(ids, rows, (r) => Number(r.id));
}

export type ProduitRow = Awaited<ReturnType<typeof findProduitPage>>['items'][number];

export const findProduit = (db: Kysely<DB>, serviceId: number, id: number) =>
  joined(db)
    .select(COLUMNS)
    .where('produits.id', '=', id)
    .where('produits.service_id', '=', serviceId)
    .executeTakeFirst();

export const findProduitByBarcode = (db: Kysely<DB>, serviceId: number, code: string) =>
  joined(db)
    .select(COLUMNS)
    .where('produits.service_id', '=', serviceId)
    .where('produits.code_barres', '=', code)
    .executeTakeFirst();

/** Another product of the shop holding this value in `column`, if any. */
export function findHolder(
  db: Kysely<DB>,
  serviceId: number,
  column: 'reference' | 'code_barres',
  value: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('produits')
    .select(['id', 'nom'])
    .where('service_id', '=', serviceId)
    .where(column, '=', value);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function findMouvementPage(
  db: Kysely<DB>,
  produitId: number,
  query: { page: number; size: number; sort?: string | undefined; type?: string | undefined },
) {
  const base = db
    .selectFrom('mouvements_stock')
    .where('produit_id', '=', produitId)
    .where((eb) => eb.and(query.type ? [eb('type', '=', query.type)] : []));
  const direction = query.sort === 'created_at,asc' ? 'asc' : 'desc';
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // The number of the document that moved the stock (and, for a return, the sale or purchase it
  // belongs to): one join per kind of document, on its type and id.
  const items = await base
    .leftJoin('users', 'users.id', 'mouvements_stock.user_id')
    .leftJoin('ventes as dv', (j) =>
      j
        .onRef('dv.id', '=', 'mouvements_stock.document_id')
        .on('mouvements_stock.document_type', '=', 'vente'),
    )
    .leftJoin('retours as dr', (j) =>
      j
        .onRef('dr.id', '=', 'mouvements_stock.document_id')
        .on('mouvements_stock.document_type', '=', 'retour'),
    )
    .leftJoin('achats as da', (j) =>
      j
        .onRef('da.id', '=', 'mouvements_stock.document_id')
        .on('mouvements_stock.document_type', '=', 'achat'),
    )
    .leftJoin('retours_achats as dra', (j) =>
      j
        .onRef('dra.id', '=', 'mouvements_stock.document_id')
        .on('mouvements_stock.document_type', '=', 'retour_achat'),
    )
    .select((eb) => [
      eb.fn.coalesce('dv.numero', 'dr.numero', 'da.numero', 'dra.numero').as('document_numero'),
      eb.fn.coalesce('dr.vente_id', 'dra.achat_id').as('document_parent_id'),
    ])
    .select([
      'mouvements_stock.id',
      'mouvements_stock.type',
      'mouvements_stock.quantite',
      'mouvements_stock.motif',
      'mouvements_stock.document_type',
      'mouvements_stock.document_id',
      'mouvements_stock.created_at',
      'users.id as user_id',
      'users.prenom as user_prenom',
      'users.nom as user_nom',
    ])
    .orderBy('mouvements_stock.created_at', direction)
    .orderBy('mouvements_stock.id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export async function countMouvements(db: Kysely<DB>, produitId: number): Promise<number> {
  const row = await db
    .selectFrom('mouvements_stock')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('produit_id', '=', produitId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
