import { sql, type RawBuilder } from 'kysely';
import { utcDaysOf } from '../../db/day-totals.js';

/**
 * Per product, what a shop sold and had returned in [from, to) (UTC instants): the number of sale
 * lines, the quantity sold, its HT and TTC amounts and cost, the quantity returned, its HT and TTC
 * amounts and cost. The whole UTC days of the period add up the product summary the database keeps
 * (migration 047); the partial days at its ends — the shop's days start at its midnight, not
 * UTC's — read the lines themselves. Shared by the product report and the dashboard's tops.
 */

export interface SaleFilters {
  /** The sale's seller, and sale type; a return counts with the sale it returns. */
  vendeurId?: number | undefined;
  typeVenteId?: number | undefined;
}

/** Value of a quantity in thousandths at a unit cost, rounded half away from zero. */
export const valueSql = (quantity: string, unitCost: string) =>
  sql<number>`case when ${sql.raw(quantity)} >= 0 then (${sql.raw(quantity)} * ${sql.raw(unitCost)} + 500) / 1000 else -((-${sql.raw(quantity)} * ${sql.raw(unitCost)} + 500) / 1000) end`;

const COLUMNS = ['n', 'qv', 'ht', 'ttc', 'cout', 'qr', 'rht', 'rttc', 'rcout'];

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

/** The sale lines and return lines themselves, in [start, end). */
function raw(shopId: number, f: SaleFilters, start: string | null, end: string | null) {
  const range = (column: string) =>
    sql.join(
      [
        ...(start !== null ? [sql`${sql.raw(column)} >= ${start}`] : []),
        ...(end !== null ? [sql`${sql.raw(column)} < ${end}`] : []),
        sql`1 = 1`,
      ],
      sql` and `,
    );
  return sql`
    select l.produit_id, 1 as n, l.quantite as qv, l.montant_ht as ht, l.montant_ttc as ttc,
      ${valueSql('l.quantite', 'l.prix_achat')} as cout, 0 as qr, 0 as rht, 0 as rttc, 0 as rcout
    from ventes v join vente_lignes l on l.vente_id = v.id
    where ${saleOf('v', shopId, f)} and ${range('v.created_at')}
    union all
    select rl.produit_id, 0, 0, 0, 0, 0, rl.quantite, rl.montant_ht, rl.montant_ttc,
      ${valueSql('rl.quantite', 'vl.prix_achat')}
    from retours rt join retour_lignes rl on rl.retour_id = rt.id
      join vente_lignes vl on vl.id = rl.vente_ligne_id
      join ventes v on v.id = rt.vente_id
    where rt.service_id = ${shopId} and ${saleOf('v', shopId, f)} and ${range('rt.created_at')}`;
}

/** The summary's rows of the whole UTC days [from, to) (either open). */
function summary(shopId: number, f: SaleFilters, days: { from: string | null; to: string | null }) {
  const where = [
    sql`s.service_id = ${shopId}`,
    ...(days.from !== null ? [sql`s.jour >= ${days.from}`] : []),
    ...(days.to !== null ? [sql`s.jour < ${days.to}`] : []),
    ...(f.vendeurId !== undefined ? [sql`s.user_id = ${f.vendeurId}`] : []),
    ...(f.typeVenteId !== undefined ? [sql`s.type_vente_id = ${f.typeVenteId}`] : []),
  ];
  return sql`
    select s.produit_id, s.lignes as n, s.quantite as qv, s.total_ht as ht, s.total_ttc as ttc,
      s.cout, s.quantite_retournee as qr, s.retours_ht as rht, s.retours_ttc as rttc,
      s.cout_retours as rcout
    from produits_jours s where ${sql.join(where, sql` and `)}`;
}

/**
 * One row per product sold or returned in [from, to): `produit_id` (null or 0 for service
 * lines, which no product matches) and the sums named in COLUMNS.
 */
export function productSums(
  shopId: number,
  from: string,
  to: string,
  f: SaleFilters,
): RawBuilder<unknown> {
  const { days, edges } = utcDaysOf(from, to);
  const parts = [
    ...(days ? [summary(shopId, f, days)] : []),
    ...edges.map(([a, b]) => raw(shopId, f, a, b)),
  ];
  return sql`
    select x.produit_id, ${sql.raw(COLUMNS.map((c) => `sum(x.${c}) as ${c}`).join(', '))}
    from (${sql.join(parts, sql` union all `)}) x
    group by x.produit_id`;
}
