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
      select l.produit_id, ${columns(kind, '', {
        n: '1',
        q: 'l.quantite',
        ht: 'l.montant_ht',
        ttc: 'l.montant_ttc',
        cout: valueSql('l.quantite', 'l.prix_achat'),
      })}
      from ventes v join vente_lignes l on l.vente_id = v.id
      where ${saleOf('v', shopId, f)} and ${between('v.created_at', start, end)}`;
  return sql`
    select rl.produit_id, ${columns(kind, '', {
      n: '1',
      q: 'rl.quantite',
      ht: 'rl.montant_ht',
      ttc: 'rl.montant_ttc',
      cout: valueSql('rl.quantite', 'vl.prix_achat'),
    })}
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
  const e = {
    n: 's.lignes',
    q: 's.quantite',
    ht: 's.total_ht',
    ttc: 's.total_ttc',
    cout: 's.cout',
  };
  return sql`select s.produit_id, ${columns(kind, t.sign < 0 ? '-' : '', e)}
    from ${sql.table(table)} s where ${sql.join(where, sql` and `)}`;
}

/**
 * Every part's columns: the count of lines `n`, what was sold (`qv`, `ht`, `ttc`), what was
 * returned (`qr`, `rht`, `rttc`), and the cost net of returns, `sign` '-' for a term taken away.
 */
function columns(
  kind: Kind,
  sign: '' | '-',
  e: { n: string; q: string; ht: string; ttc: string; cout: string | RawBuilder<number> },
) {
  const m = sql.raw(sign);
  const v = (x: string | RawBuilder<number>) =>
    sql`${m}(${typeof x === 'string' ? sql.raw(x) : x})`;
  const zero = sql`0`;
  const sold = kind === 'ventes';
  return sql`${v(e.n)} as n, ${sold ? v(e.q) : zero} as qv, ${sold ? v(e.ht) : zero} as ht,
    ${sold ? v(e.ttc) : zero} as ttc, ${sold ? zero : v(e.q)} as qr, ${sold ? zero : v(e.ht)} as rht,
    ${sold ? zero : v(e.ttc)} as rttc, ${sold ? v(e.cout) : sql`-(${v(e.cout)})`} as cout`;
}

/**
 * The rows to add up per product over [from, to) (`kinds`: both, or the sales only): the whole
 * UTC days' years, months and days of the summaries, added or taken away (tableau.periodes.ts),
 * and the lines of the partial days at the ends; each with the columns of `columns`.
 */
export function productParts(
  shopId: number,
  from: string,
  to: string,
  f: SaleFilters,
  kinds: readonly Kind[] = ['ventes', 'retours'],
): RawBuilder<unknown> {
  const { days, edges } = utcDaysOf(from, to);
  const terms = days ? periodTerms(days.from!, days.to!, todayUtc()) : [];
  const parts = kinds.flatMap((kind) => [
    ...terms.map((t) => summary(kind, shopId, f, t)),
    ...edges.map(([a, b]) => raw(kind, shopId, f, a, b)),
  ]);
  return sql.join(parts, sql` union all `);
}

/**
 * Sum of integers `e`, as an integer. PostgreSQL adds up a bigint in a 128-bit state kept apart for
 * each group and gives a numeric, to be cast back: with 8 sums over 50,000 products, a fifth of the
 * one-year product report. It adds them here as double precision, one machine word: an integer is
 * exact in it up to 2^53, and so is every partial sum as long as the absolute values add up to less
 * (9 × 10^15, thousandths of a unit or smallest units of a currency): every figure we keep does,
 * since it reaches Node as a Number (db/database.ts). SQLite adds integers as integers.
 */
export const integerSum = (postgres: boolean, e: RawBuilder<unknown>) =>
  postgres
    ? sql<number>`cast(sum(cast(${e} as double precision)) as bigint)`
    : sql<number>`sum(${e})`;

/** The sums of `productParts` rows `x` (`integerSum`). */
export const partSums = (postgres: boolean) =>
  sql.join(
    ['qv', 'ht', 'ttc', 'qr', 'rht', 'rttc', 'cout'].map(
      (c) => sql`${integerSum(postgres, sql.raw(`x.${c}`))} as ${sql.raw(c)}`,
    ),
  );
