import { sql, type RawBuilder } from 'kysely';
import { utcDaysOf } from '../../db/day-totals.js';
import { todayUtc } from '../../db/time.js';
import { periodTerms, type Level, type Term } from './tableau.periodes.js';

/**
 * Per product, what a shop sold, or had returned, in [from, to) (UTC instants): the quantity, its
 * HT and TTC amounts and cost. The whole UTC days of the period add up the product summaries the
 * database keeps (migration 050); the partial days at its ends — the shop's days start at its
 * midnight, not UTC's — read the lines themselves. Shared by the product report and the
 * dashboard's tops.
 */

export interface SaleFilters {
  /** The sale's seller, and sale type; a return counts with the sale it returns. */
  vendeurId?: number | undefined;
  typeVenteId?: number | undefined;
}

/** Value of a quantity in thousandths at a unit cost, rounded half away from zero. */
export const valueSql = (quantity: string, unitCost: string) =>
  sql<number>`case when ${sql.raw(quantity)} >= 0 then (${sql.raw(quantity)} * ${sql.raw(unitCost)} + 500) / 1000 else -((-${sql.raw(quantity)} * ${sql.raw(unitCost)} + 500) / 1000) end`;

/** `v`'s conditions: the shop's sales, of the seller and sale type asked. */
function saleOf(v: string, shopId: number, f: SaleFilters) {
  return sql.join(
    [
      sql`${sql.raw(`${v}.service_id`)} = ${shopId}`,
      ...(f.vendeurId !== undefined ? [sql`${sql.raw(`${v}.user_id`)} = ${f.vendeurId}`] : []),
      ...(f.typeVenteId !== undefined
        ? [sql`${sql.raw(`${v}.type_vente_id`)} = ${f.typeVenteId}`]
        : []),
    ],
    sql` and `,
  );
}

const between = (column: string, start: string | null, end: string | null) =>
  sql.join(
    [
      ...(start !== null ? [sql`${sql.raw(column)} >= ${start}`] : []),
      ...(end !== null ? [sql`${sql.raw(column)} < ${end}`] : []),
      sql`1 = 1`,
    ],
    sql` and `,
  );

/** The sale lines themselves, or the return lines, in [start, end). */
function raw(kind: Kind, shopId: number, f: SaleFilters, start: string | null, end: string | null) {
  if (kind === 'ventes')
    return sql`
      select l.produit_id, 1 as n, l.quantite as q, l.montant_ht as ht, l.montant_ttc as ttc,
        ${valueSql('l.quantite', 'l.prix_achat')} as cout
      from ventes v join vente_lignes l on l.vente_id = v.id
      where ${saleOf('v', shopId, f)} and ${between('v.created_at', start, end)}`;
  return sql`
    select rl.produit_id, 1 as n, rl.quantite as q, rl.montant_ht as ht, rl.montant_ttc as ttc,
      ${valueSql('rl.quantite', 'vl.prix_achat')} as cout
    from retours rt join retour_lignes rl on rl.retour_id = rt.id
      join vente_lignes vl on vl.id = rl.vente_ligne_id
      join ventes v on v.id = rt.vente_id
    where rt.service_id = ${shopId} and ${saleOf('v', shopId, f)}
      and ${between('rt.created_at', start, end)}`;
}

type Kind = 'ventes' | 'retours';

const TABLES: Record<Kind, Record<Level, [string, string]>> = {
  ventes: {
    annee: ['produits_annees', 'annee'],
    mois: ['produits_mois', 'mois'],
    jour: ['produits_jours', 'jour'],
  },
  retours: {
    annee: ['produits_retours_annees', 'annee'],
    mois: ['produits_retours_mois', 'mois'],
    jour: ['produits_retours_jours', 'jour'],
  },
};

/** A term's summary rows, their figures taken away when the term is. */
function summary(kind: Kind, shopId: number, f: SaleFilters, t: Term) {
  const [table, key] = TABLES[kind][t.level];
  const where = [
    sql`s.service_id = ${shopId}`,
    sql`s.${sql.ref(key)} >= ${t.from}`,
    sql`s.${sql.ref(key)} < ${t.to}`,
    ...(f.vendeurId !== undefined ? [sql`s.user_id = ${f.vendeurId}`] : []),
    ...(f.typeVenteId !== undefined ? [sql`s.type_vente_id = ${f.typeVenteId}`] : []),
  ];
  const m = sql.raw(t.sign < 0 ? '-' : '');
  return sql`select s.produit_id, ${m}s.lignes as n, ${m}s.quantite as q, ${m}s.total_ht as ht,
      ${m}s.total_ttc as ttc, ${m}s.cout as cout
    from ${sql.table(table)} s where ${sql.join(where, sql` and `)}`;
}

/**
 * One row per product sold (`ventes`) or returned (`retours`) in [from, to): `produit_id` (null
 * or 0 for service lines, which no product matches), the quantity `q`, `ht`, `ttc` and `cout`.
 * The whole UTC days add and take away the summaries' years, months and days
 * (tableau.periodes.ts); a product is there when its lines in the period add up to one or more.
 */
export function productSums(
  kind: Kind,
  shopId: number,
  from: string,
  to: string,
  f: SaleFilters,
): RawBuilder<unknown> {
  const { days, edges } = utcDaysOf(from, to);
  const terms = days ? periodTerms(days.from!, days.to!, todayUtc()) : [];
  const parts = [
    ...terms.map((t) => summary(kind, shopId, f, t)),
    ...edges.map(([a, b]) => raw(kind, shopId, f, a, b)),
  ];
  return sql`
    select x.produit_id, sum(x.q) as q, sum(x.ht) as ht, sum(x.ttc) as ttc, sum(x.cout) as cout
    from (${sql.join(parts, sql` union all `)}) x
    group by x.produit_id having sum(x.n) > 0`;
}
