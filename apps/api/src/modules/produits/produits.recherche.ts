import { sql, type Compilable, type Kysely, type OperationNodeSource } from 'kysely';
import type { ProduitListQuery, ProduitSort } from '@comptoir/shared';
import type { Database } from '../../db/database.js';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { pageParRang } from './produits.ordre.js';
import { sqliteShopQuery, sqliteTextQuery } from './produits.search.js';

/** One page of a list: the products' ids in the list's order, and the number of matches. */
export interface IdPage {
  ids: number[];
  total: number;
}

/** The index of each order on SQLite, `(service_id, column)` and the rowid (the id) after them. */
const ORDER_INDEXES: Record<ProduitSort, [index: string, column: string]> = {
  nom: ['produits_nom_tri_idx', 'nom_tri'],
  reference: ['produits_reference_uq', 'reference'],
  code_barres: ['produits_code_barres_uq', 'code_barres'],
  prix_vente: ['produits_prix_vente_idx', 'prix_vente'],
  quantite: ['produits_quantite_idx', 'quantite'],
  created_at: ['produits_created_idx', 'created_at'],
};

/**
 * Reading a match's row costs about 16 times more than stepping over an entry of the order's
 * index (a page sorts its matches when matches² × 16 ≤ rows to reach × products of the shop).
 */
const ROW_PER_INDEX_ENTRY = 16;

/**
 * SQLite, a text search alone (or with the active filter). The trigram table of migration 055
 * answers exactly, kept to the shop and its active products. In name order (the list's default),
 * its matches are ranked by the shop's name order kept in memory (produits.ordre.ts). In another
 * order (or in a transaction), one statement: its ids (plus the product whose barcode is the text,
 * unless found already) are gathered once, counted, then the page is either those products' rows
 * sorted (few matches) or the order's index walked until the page is full, each entry tested
 * against the gathered ids without reading its row (many matches: stops at the page's last match).
 * Undefined when the index cannot answer (another filter, a text it cannot search).
 */
export async function sqliteSearchPage(
  db: Kysely<DB>,
  serviceId: number,
  query: ProduitListQuery,
  field: ProduitSort,
  direction: 'asc' | 'desc',
): Promise<IdPage | undefined> {
  const others = [query.categorieId, query.marqueId, query.stock].some((f) => f !== undefined);
  const text = query.q && !others ? sqliteTextQuery(query.q) : undefined;
  if (text === undefined) return undefined;
  const match = sqliteShopQuery(text, serviceId, query.actif);
  // In name order, the matches are ranked in memory (produits.ordre.ts), the other shops' products
  // left out there; in `k`'s choice below, the phrase alone or kept to the shop.
  const ranked =
    field === 'nom'
      ? await pageParRang(
          db,
          serviceId,
          query,
          direction,
          query.actif === undefined
            ? sql`match (select case when autres < n then ${text} else ${match} end from k)`
            : sql`match ${match}`,
        )
      : undefined;
  if (ranked) return ranked;
  const actif = query.actif === undefined ? sql`` : sql`and actif = ${query.actif ? 1 : 0}`;
  const [index, column] = ORDER_INDEXES[field];
  const order = sql.raw(`${column} ${direction}, id ${direction}`);
  const page = sql`order by ${order} limit ${query.size} offset ${offsetOf(query)}`;
  const reach = query.size + offsetOf(query);
  // The shop's matches: the phrase kept to the shop by the `filtre` column, whose trigram lists
  // every product of the shop (« cafe moulu » at 100,000 products: 2.6 ms against 1.9 for the
  // phrase alone), or, when the other shops hold fewer products than this one and no active
  // filter applies, the phrase alone less their products (read on an index by shop, built only
  // then). One scan of the index either way, its query chosen in SQL; the same ids.
  const shopMatches =
    query.actif === undefined
      ? sql`match (select case when autres < n then ${text} else ${match} end from k)
          and ((select autres >= n from k) or rowid not in (select id from produits
            where service_id < ${serviceId} or service_id > ${serviceId}))`
      : sql`match ${match}`;
  const { rows } = await sql<{ n: number; ids: string }>`
    with k as materialized (select
      coalesce((select n from produits_comptes where service_id = ${serviceId}), 0) as n,
      coalesce((select sum(n) from produits_comptes where service_id <> ${serviceId}), 0) as autres),
    m as materialized (
      select rowid as id from produits_recherche where produits_recherche ${shopMatches}
      union all
      select id from produits b where service_id = ${serviceId} and code_barres = ${query.q!.trim()} ${actif}
        and not exists (select 1 from produits_recherche
          where produits_recherche match ${match} and rowid = b.id)),
    c as materialized (select count(*) as n from m)
    select c.n, case
      when c.n * c.n * ${ROW_PER_INDEX_ENTRY} <= ${reach} * (select n from k)
      then (select json_group_array(id) from (select id from produits where id in m ${page}))
      else (select json_group_array(id) from (select id from produits indexed by ${sql.raw(index)}
        where service_id = ${serviceId} and id in m ${page}))
    end as ids from c`.execute(db);
  return { ids: (JSON.parse(rows[0]!.ids) as number[]).map(Number), total: Number(rows[0]!.n) };
}

/**
 * SQLite: the trigram table's index merged into a single segment (FTS5 `optimize`), after a bulk
 * write. FTS5 writes a segment per transaction and merges them step by step: an import of 100,000
 * products left 12, and each trigram of a search was looked up and merged across all of them
 * (« cafe moulu » phrase: 1.6 → 1.1 ms, a reference: 0.5 → 0.1 ms). About 0.2 s at 100,000 products.
 */
export async function compacterRecherche(database: Database): Promise<void> {
  if (database.dialect !== 'sqlite') return;
  await sql`insert into produits_recherche (produits_recherche) values ('optimize')`.execute(
    database.db,
  );
}

/**
 * PostgreSQL, for a text, stock, category or brand filter: with a LIMIT its planner walks the
 * sorted index and filters most of the table; gathering the matches first (trigram and bitmap
 * scans) and sorting only them is several times faster at 100,000 products. The total and the
 * page's ids come from one row: counting the gathered matches beside the sort costs less than a
 * window (`count(*) over ()`) carried by each of 5,000 sorted rows (« cafe moulu »: 8.7 → 6.4 ms).
 * The page's rows (`rows`, a select of the products whose id is in `k.ids`) come in the same
 * statement, one per product beside the total and the ids (a row of nulls when the page is empty;
 * `k` materialized, or the page's sort runs twice): a second statement cost its planning and a
 * round trip.
 */
export async function matchesFirst<R extends { id: number | null }>(
  db: Kysely<DB>,
  matches: OperationNodeSource,
  direction: 'asc' | 'desc',
  query: ProduitListQuery,
  rows: Compilable<R> & OperationNodeSource,
): Promise<IdPage & { rows: R[] }> {
  const order = sql.raw(direction === 'desc' ? 'desc' : 'asc');
  const result = await sql<R & { k_ids: number[]; k_total: number }>`
    with m as materialized (${matches}),
    k as materialized (select (select count(*) from m) as total,
      array(select id from m order by s ${order}, id ${order}
        limit ${query.size} offset ${offsetOf(query)}) as ids)
    select k.total as k_total, k.ids as k_ids, r.* from k left join lateral (${rows}) r on true`.execute(
    db,
  );
  const first = result.rows[0]!;
  return {
    ids: first.k_ids.map(Number),
    total: Number(first.k_total),
    rows: result.rows.filter((r) => r.id !== null),
  };
}
