import { sql, type Kysely } from 'kysely';
import {
  addDays,
  parseSort,
  searchKey,
  shopTimeZone,
  startOfLocalDayUtc,
  type RapportProduit,
  type RapportProduitsExportQuery,
  type RapportProduitsPage,
  type RapportProduitsQuery,
  type RapportProduitsSort,
} from '@comptoir/shared';
import { containsPattern, lowerContains } from '../../db/paging.js';
import { isPostgres } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { integerSum, partSums, productParts, valueSql } from '../tableau/tableau.sommes.js';

/**
 * The product report of a shop: per product sold or returned in the period (the shop's days),
 * quantities, revenue, cost, margin and stock, in one query (the product sums of tableau/tableau.sommes.ts,
 * sums over the whole filtered set by window); sorted by any column in SQL, then paged; the
 * category, brand and unit names joined to the page's rows only.
 */

export interface ReportShop {
  id: number;
  pays: string | null;
}

type Filters = RapportProduitsExportQuery;

/** Each sort's key over the products' sums `t` (the name is read for that sort only). */
const SORTS: Record<RapportProduitsSort, string> = {
  nom: 't.nom',
  quantiteVendue: 't.qv',
  quantiteRetournee: 't.qr',
  caHt: 't.ht',
  caTtc: 't.ttc',
  cout: 't.cout',
  marge: '(t.ht - t.rht) - t.cout',
  tauxMarge:
    'case when t.ht - t.rht = 0 then null else ((t.ht - t.rht) - t.cout) * 1.0 / (t.ht - t.rht) end',
  stock: 't.stock',
  valeurStock: 't.valeur',
};

/** The product list's search: name by its search key, reference without case, exact barcode. */
const search = (q: string) =>
  sql`(p.nom_recherche like ${containsPattern(searchKey(q))} escape '\\' or ${lowerContains(sql`p.reference`, q)} or p.code_barres = ${q})`;

/**
 * Per product of the filtered set, its sums, stock and value, and `k`, the key of the sort asked:
 * narrow rows (no name unless sorted by it), as many as products sold, kept once by `ordered`.
 */
function rows(shop: ReportShop, f: Filters, sort: RapportProduitsSort, postgres: boolean) {
  const zone = shopTimeZone(shop.pays);
  const from = startOfLocalDayUtc(f.du, zone);
  const to = startOfLocalDayUtc(addDays(f.au, 1), zone);
  const filters = [
    ...(f.categorieId !== undefined ? [sql`p.categorie_id = ${f.categorieId}`] : []),
    ...(f.marqueId !== undefined ? [sql`p.marque_id = ${f.marqueId}`] : []),
    ...(f.produitId !== undefined ? [sql`p.id = ${f.produitId}`] : []),
    ...(f.q?.trim() ? [search(f.q.trim())] : []),
  ];
  const product = sql.join([sql`p.service_id = ${shop.id}`, ...filters], sql` and `);
  const nom = sort === 'nom' ? sql`, p.nom` : sql``;
  const parts = productParts(shop.id, from, to, f);
  const valeur = valueSql('p.quantite', 'p.prix_achat');
  // With a product filter, PostgreSQL joins the parts to the products before adding them up, so
  // that only the filtered products' parts are: the planner then knows how many products there
  // are (an aggregate over a UNION ALL hides it: it joined them one by one after it). Without one,
  // and always on SQLite, whose joins are all loops, the parts are added up first, then each
  // product read once (a third faster on SQLite; on PostgreSQL, a tenth: its join, by hash,
  // reads 50,000 sums instead of 73,000 parts). `p.id + 0` keeps PostgreSQL from reading those
  // sums one by one through the products' key, as its 200 groups' estimate would have it.
  const joinFirst = postgres && filters.length > 0;
  const sums = joinFirst
    ? sql`select p.id, ${partSums(true)}, p.quantite as stock, ${valeur} as valeur ${nom}
      from (${parts}) x join produits p on p.id = x.produit_id
      where ${product}
      group by p.id, p.quantite, p.prix_achat ${nom}
      having ${integerSum(true, sql`x.n`)} > 0`
    : sql`select p.id, a.qv, a.ht, a.ttc, a.qr, a.rht, a.rttc, a.cout, p.quantite as stock,
        ${valeur} as valeur ${nom}
      from (
        select x.produit_id, ${partSums(postgres)} from (${parts}) x
        group by x.produit_id having ${integerSum(postgres, sql`x.n`)} > 0
      ) a join produits p on ${postgres ? sql`p.id + 0` : sql`p.id`} = a.produit_id
      where ${product}`;
  return sql<Record<string, unknown>>`select t.*, ${sql.raw(SORTS[sort])} as k from (${sums}) t`;
}

/** Sorted and paged on the figures; the names of the page's products read for them only. */
function ordered(
  db: Kysely<DB>,
  shop: ReportShop,
  f: Filters,
  limit?: { size: number; offset: number },
) {
  const { field, direction } = parseSort(f.sort, 'caTtc');
  const dir = sql.raw(f.sort ? direction : 'desc');
  const order = sql`order by case when x.k is null then 1 else 0 end, x.k ${dir}, x.id`;
  const sum = (c: string) => sql`${integerSum(isPostgres(db), sql.raw(c))} as ${sql.raw(`t_${c}`)}`;
  const totals = ['qv', 'qr', 'ht', 'ttc', 'rht', 'rttc', 'cout', 'valeur'].map(sum);
  // The totals of the whole set from the same rows, read once (materialized).
  return sql<Record<string, unknown>>`
    with r as materialized (${rows(shop, f, field, isPostgres(db))}),
    s as (select count(*) as n_total, ${sql.join(totals)} from r)
    select x.id, x.qv, x.qr, x.ht, x.ttc, x.rht, x.rttc, x.cout, x.stock, x.valeur, s.*,
      p.nom, p.reference, c.nom as categorie, m.nom as marque, u.symbole as unite
    from (
      select * from r x ${order}
      ${limit ? sql`limit ${limit.size} offset ${limit.offset}` : sql``}
    ) x
      cross join s
      join produits p on p.id = x.id
      left join categories c on c.id = p.categorie_id
      left join marques m on m.id = p.marque_id
      join unites u on u.id = p.unite_id
    ${order}`;
}

const n = (v: unknown) => Number(v ?? 0);

/** marge / net revenue in basis points, rounded half away from zero; null without net revenue. */
export function tauxMarge(marge: number, netHt: number): number | null {
  if (netHt === 0) return null;
  const t = (Math.abs(marge) * 10_000) / Math.abs(netHt);
  return Math.sign(marge) * Math.sign(netHt) * Math.round(t);
}

function figures(r: Record<string, unknown>, p = '') {
  const ht = n(r[`${p}ht`]);
  const rht = n(r[`${p}rht`]);
  const cout = n(r[`${p}cout`]);
  const marge = ht - rht - cout;
  return {
    quantiteVendue: n(r[`${p}qv`]),
    quantiteRetournee: n(r[`${p}qr`]),
    caHt: ht,
    caTtc: n(r[`${p}ttc`]),
    retoursHt: rht,
    retoursTtc: n(r[`${p}rttc`]),
    cout,
    marge,
    tauxMarge: tauxMarge(marge, ht - rht),
  };
}

const item = (r: Record<string, unknown>): RapportProduit => ({
  produitId: n(r.id),
  nom: String(r.nom),
  reference: (r.reference as string | null) ?? null,
  categorie: (r.categorie as string | null) ?? null,
  marque: (r.marque as string | null) ?? null,
  uniteSymbole: String(r.unite),
  ...figures(r),
  stock: n(r.stock),
  valeurStock: n(r.valeur),
});

/**
 * `GET …/rapports/produits`: a page, and the totals of every product of the filtered set (the
 * period's figures over every sale, `toutesVentes`, come from rapports.periode.ts).
 */
export async function rapportProduits(
  db: Kysely<DB>,
  shop: ReportShop,
  q: RapportProduitsQuery,
): Promise<Omit<RapportProduitsPage, 'toutesVentes'>> {
  const { rows: found } = await ordered(db, shop, q, {
    size: q.size,
    offset: (q.page - 1) * q.size,
  }).execute(db);
  let first = found[0];
  // A page past the end still gives the totals of the set.
  if (!first && q.page > 1)
    first = (await ordered(db, shop, q, { size: 1, offset: 0 }).execute(db)).rows[0];
  return {
    items: found.map(item),
    total: n(first?.n_total),
    page: q.page,
    size: q.size,
    totaux: { ...figures(first ?? {}, 't_'), valeurStock: n(first?.t_valeur) },
  };
}

/** Every row of the filtered set, sorted (the export). */
export async function rapportProduitsAll(db: Kysely<DB>, shop: ReportShop, f: Filters) {
  return (await ordered(db, shop, f).execute(db)).rows.map(item);
}
