import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isPostgres, withoutParallelWorkers } from '../../db/database.js';
import { integerSum, productParts } from './tableau.sommes.js';

/**
 * The dashboard's detail of a period [from, to) (UTC instants): payments by mode, the top 10
 * products and categories, the sellers. Payments and sellers add up the summaries by quarter of
 * an hour (migrations 045, 046) when the period starts and ends on a quarter of a UTC hour, else
 * read the documents; products and categories come from the product sums (tableau.sommes.ts),
 * in one pass over the products sold.
 */

const QUARTER_MS = 900_000;
const onQuarters = (...instants: string[]) =>
  instants.every((i) => Date.parse(i) % QUARTER_MS === 0);

function salesOf(db: Kysely<DB>, shopId: number, from: string, to: string) {
  return db
    .selectFrom('ventes as v')
    .where('v.service_id', '=', shopId)
    .where('v.created_at', '>=', from)
    .where('v.created_at', '<', to);
}

async function paiementsOf(db: Kysely<DB>, shopId: number, from: string, to: string) {
  if (!onQuarters(from, to))
    return salesOf(db, shopId, from, to)
      .innerJoin('paiements as p', 'p.vente_id', 'v.id')
      .select([
        'p.mode',
        'p.operateur',
        sql<number>`count(*)`.as('nombre'),
        sql<number>`sum(p.montant)`.as('montant'),
      ])
      .groupBy(['p.mode', 'p.operateur'])
      .orderBy('p.mode')
      .orderBy('p.operateur')
      .execute();
  const rows = await db
    .selectFrom('paiements_quarts')
    .where('service_id', '=', shopId)
    .where('quart', '>=', from.slice(0, 16))
    .where('quart', '<', to.slice(0, 16))
    .select([
      'mode',
      'operateur',
      sql<number>`sum(nombre)`.as('nombre'),
      sql<number>`sum(montant)`.as('montant'),
    ])
    .groupBy(['mode', 'operateur'])
    .orderBy('mode')
    .orderBy('operateur')
    .execute();
  return rows.map((r) => ({ ...r, operateur: r.operateur || null }));
}

function vendeursOf(db: Kysely<DB>, shopId: number, from: string, to: string) {
  if (!onQuarters(from, to))
    return salesOf(db, shopId, from, to)
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select([
        'u.id',
        'u.prenom',
        'u.nom',
        sql<number>`count(*)`.as('nombre'),
        sql<number>`sum(v.total_ttc)`.as('ttc'),
      ])
      .groupBy(['u.id', 'u.prenom', 'u.nom'])
      .orderBy(sql`5`, 'desc')
      .orderBy('u.id')
      .execute();
  return db
    .selectFrom('ventes_quarts as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .where('q.service_id', '=', shopId)
    .where('q.quart', '>=', from.slice(0, 16))
    .where('q.quart', '<', to.slice(0, 16))
    .select([
      'u.id',
      'u.prenom',
      'u.nom',
      sql<number>`sum(q.nombre)`.as('nombre'),
      sql<number>`sum(q.total_ttc)`.as('ttc'),
    ])
    .groupBy(['u.id', 'u.prenom', 'u.nom'])
    .orderBy(sql`5`, 'desc')
    .orderBy('u.id')
    .execute();
}

interface TopRow {
  k: 'p' | 'c';
  id: number | null;
  nom: string | null;
  quantite: number;
  ttc: number;
  marge: number;
  rang: number;
}

/**
 * The 10 products and the 10 categories of the highest TTC revenue, from one pass over the
 * products' sums: the sales' parts added up per product first, then each product read once for
 * its category (`p.id + 0`: PostgreSQL estimates 200 groups for an aggregate over a UNION ALL and
 * would read the products one by one through their key; it joins them by hash instead), then the
 * products by a bounded sort (their names read for those 10) and the categories from the same
 * narrow rows. PostgreSQL without parallel workers (`withoutParallelWorkers`).
 */
function topsOf(db: Kysely<DB>, shopId: number, from: string, to: string) {
  return withoutParallelWorkers(db, (db) => topsIn(db, shopId, from, to));
}

async function topsIn(db: Kysely<DB>, shopId: number, from: string, to: string) {
  const postgres = isPostgres(db);
  const sum = (e: string) => integerSum(postgres, sql.raw(e));
  const { rows } = await sql<TopRow>`
    with t as materialized (
      select p.id, p.categorie_id, a.qv, a.ttc, a.marge
      from (
        select x.produit_id, ${sum('x.qv')} as qv, ${sum('x.ttc')} as ttc,
          ${sum('x.ht - x.cout')} as marge
        from (${productParts(shopId, from, to, {}, ['ventes'])}) x
        group by x.produit_id having ${sum('x.n')} > 0
      ) a join produits p on ${postgres ? sql`p.id + 0` : sql`p.id`} = a.produit_id
      where p.service_id = ${shopId}
    )
    select * from (
      select 'p' as k, t.id, pr.nom, t.qv as quantite, t.ttc, t.marge,
        row_number() over (order by t.ttc desc, t.id) as rang
      from (select * from t order by ttc desc, id limit 10) t join produits pr on pr.id = t.id
    ) a
    union all
    select * from (
      select 'c' as k, c.id, c.nom, 0 as quantite, g.ttc, g.marge,
        row_number() over (order by g.ttc desc, c.id) as rang
      from (
        select t.categorie_id, ${sum('t.ttc')} as ttc, ${sum('t.marge')} as marge
        from t group by t.categorie_id
      ) g left join categories c on c.id = g.categorie_id
    ) b where rang <= 10`.execute(db);
  const of = (k: 'p' | 'c') =>
    rows.filter((r) => r.k === k).sort((a, b) => Number(a.rang) - Number(b.rang));
  return { produits: of('p'), categories: of('c') };
}

export async function periodDetail(db: Kysely<DB>, shopId: number, from: string, to: string) {
  const [paiements, tops, vendeurs] = await Promise.all([
    paiementsOf(db, shopId, from, to),
    topsOf(db, shopId, from, to),
    vendeursOf(db, shopId, from, to),
  ]);
  return { paiements, ...tops, vendeurs };
}
