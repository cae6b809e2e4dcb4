import { sql, type RawBuilder } from 'kysely';
import { utcDaysOf } from '../../db/day-totals.js';

/**
 * Per product, what a shop sold, or had returned, in [from, to) (UTC instants): the quantity, its
 * HT and TTC amounts and cost. The whole UTC days of the period add up the product summaries the
 * database keeps (migration 047); the partial days at its ends — the shop's days start at its
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
      select l.produit_id, l.quantite as q, l.montant_ht as ht, l.montant_ttc as ttc,
        ${valueSql('l.quantite', 'l.prix_achat')} as cout
      from ventes v join vente_lignes l on l.vente_id = v.id
      where ${saleOf('v', shopId, f)} and ${between('v.created_at', start, end)}`;
  return sql`
    select rl.produit_id, rl.quantite as q, rl.montant_ht as ht, rl.montant_ttc as ttc,
      ${valueSql('rl.quantite', 'vl.prix_achat')} as cout
    from retours rt join retour_lignes rl on rl.retour_id = rt.id
      join vente_lignes vl on vl.id = rl.vente_ligne_id
      join ventes v on v.id = rt.vente_id
    where rt.service_id = ${shopId} and ${saleOf('v', shopId, f)}
      and ${between('rt.created_at', start, end)}`;
}

/** The summary's rows of the whole UTC days [from, to) (either open). */
function summary(
  kind: Kind,
  shopId: number,
  f: SaleFilters,
  days: { from: string | null; to: string | null },
) {
  const where = [
    sql`s.service_id = ${shopId}`,
    ...(days.from !== null ? [sql`s.jour >= ${days.from}`] : []),
    ...(days.to !== null ? [sql`s.jour < ${days.to}`] : []),
    ...(f.vendeurId !== undefined ? [sql`s.user_id = ${f.vendeurId}`] : []),
    ...(f.typeVenteId !== undefined ? [sql`s.type_vente_id = ${f.typeVenteId}`] : []),
  ];
  const table = sql.raw(kind === 'ventes' ? 'produits_jours' : 'produits_retours_jours');
  return { table, where: sql.join(where, sql` and `) };
}

type Kind = 'ventes' | 'retours';

/**
 * One row per product sold (`ventes`) or returned (`retours`) in [from, to): `produit_id` (null
 * or 0 for service lines, which no product matches), the quantity `q`, `ht`, `ttc` and `cout`.
 */
export function productSums(
  kind: Kind,
  shopId: number,
  from: string,
  to: string,
  f: SaleFilters,
): RawBuilder<unknown> {
  const { days, edges } = utcDaysOf(from, to);
  const whole = days ? summary(kind, shopId, f, days) : null;
  // Whole UTC days only (a shop on UTC's days): the summary grouped directly.
  if (whole && !edges.length)
    return sql`
      select s.produit_id, sum(s.quantite) as q, sum(s.total_ht) as ht,
        sum(s.total_ttc) as ttc, sum(s.cout) as cout
      from ${whole.table} s where ${whole.where}
      group by s.produit_id`;
  const parts = [
    ...(whole
      ? [
          sql`select s.produit_id, s.quantite as q, s.total_ht as ht, s.total_ttc as ttc, s.cout
            from ${whole.table} s where ${whole.where}`,
        ]
      : []),
    ...edges.map(([a, b]) => raw(kind, shopId, f, a, b)),
  ];
  return sql`
    select x.produit_id, sum(x.q) as q, sum(x.ht) as ht, sum(x.ttc) as ttc, sum(x.cout) as cout
    from (${sql.join(parts, sql` union all `)}) x
    group by x.produit_id`;
}
