import { sql, type Kysely } from 'kysely';
import type { Jours, TableauFigures, TableauTotaux } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { calendarOf, placeOf, rangeOf, type Calendar } from './tableau.buckets.js';

/**
 * Sales, costs and returns of a shop by group of its calendar (tableau.buckets.ts) over the period,
 * and the totals of the period compared with: from the summaries by quarter of an hour the database
 * keeps (migration 045), or in a zone whose days do not start on a quarter of a UTC hour from the
 * documents; totals, days and hours are folded here.
 */

/** Cost of `quantity` thousandths at a unit cost, rounded half up (both are never negative). */
export const COST_SQL = (unitCost: string, quantity: string) =>
  sql<number>`(${sql.ref(unitCost)} * ${sql.ref(quantity)} + 500) / 1000`;

const n = (v: unknown) => Number(v ?? 0);

interface Cell {
  nombre: number;
  caTtc: number;
  caHt: number;
  cout: number;
  retours: number;
  retoursTtc: number;
  retoursHt: number;
  coutRetours: number;
}
const emptyCell = (): Cell => ({
  nombre: 0,
  caTtc: 0,
  caHt: 0,
  cout: 0,
  retours: 0,
  retoursTtc: 0,
  retoursHt: 0,
  coutRetours: 0,
});

interface Group {
  b: string;
  nombre?: number;
  ttc?: number;
  ht?: number;
  cout?: number;
}

/**
 * The groups from the summaries the database keeps (migration 045): its quarters of an hour, added
 * up by UTC hour when the shop's days start on whole hours.
 */
/** The sums of a quarters' summary over the calendar's range (both have the same columns). */
function quarterSums(
  db: Kysely<DB>,
  table: 'ventes_quarts' | 'retours_quarts',
  shopId: number,
  c: Calendar,
) {
  const { from, to } = rangeOf(c);
  return db
    .selectFrom(table as 'retours_quarts')
    .where('service_id', '=', shopId)
    .where('quart', '>=', from.slice(0, 16))
    .where('quart', '<', to.slice(0, 16))
    .select([
      sql<number>`sum(nombre)`.as('nombre'),
      sql<number>`sum(total_ttc)`.as('ttc'),
      sql<number>`sum(total_ht)`.as('ht'),
      sql<number>`sum(cout)`.as('cout'),
    ]);
}

async function summaryGroups(db: Kysely<DB>, shopId: number, c: Calendar) {
  const group = c.wholeHours ? sql<string>`substr(quart, 1, 13)` : sql<string>`quart`;
  const of = (table: 'ventes_quarts' | 'retours_quarts') =>
    quarterSums(db, table, shopId, c).select(group.as('b')).groupBy(group).execute();
  return Promise.all([of('ventes_quarts'), of('retours_quarts')]);
}

/** The groups read from the documents, for a zone whose days do not start on a quarter. */
async function rawGroups(db: Kysely<DB>, shopId: number, c: Calendar): Promise<[Group[], Group[]]> {
  const { from, to } = rangeOf(c);
  const ventes = db
    .selectFrom('ventes as v')
    .where('v.service_id', '=', shopId)
    .where('v.created_at', '>=', from)
    .where('v.created_at', '<', to)
    .select([
      c.bucket('v.created_at').as('b'),
      sql<number>`count(*)`.as('nombre'),
      sql<number>`sum(v.total_ttc)`.as('ttc'),
      sql<number>`sum(v.total_ht)`.as('ht'),
    ])
    .groupBy(sql`1`)
    .execute();
  const lignes = db
    .selectFrom('ventes as v')
    .innerJoin('vente_lignes as l', 'l.vente_id', 'v.id')
    .where('v.service_id', '=', shopId)
    .where('v.created_at', '>=', from)
    .where('v.created_at', '<', to)
    .select([
      c.bucket('v.created_at').as('b'),
      sql<number>`sum(${COST_SQL('l.prix_achat', 'l.quantite')})`.as('cout'),
    ])
    .groupBy(sql`1`)
    .execute();
  const retours = db
    .selectFrom('retours as r')
    .innerJoin('retour_lignes as rl', 'rl.retour_id', 'r.id')
    .innerJoin('vente_lignes as vl', 'vl.id', 'rl.vente_ligne_id')
    .where('r.service_id', '=', shopId)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .select([
      c.bucket('r.created_at').as('b'),
      sql<number>`count(distinct r.id)`.as('nombre'),
      sql<number>`sum(rl.montant_ttc)`.as('ttc'),
      sql<number>`sum(rl.montant_ht)`.as('ht'),
      sql<number>`sum(${COST_SQL('vl.prix_achat', 'rl.quantite')})`.as('cout'),
    ])
    .groupBy(sql`1`)
    .execute();
  const [v, l, r] = await Promise.all([ventes, lignes, retours]);
  return [[...v, ...l], r];
}

export function totauxOf(cells: Cell[]): TableauTotaux {
  const t = cells.reduce((a, x) => {
    for (const k of Object.keys(a) as (keyof Cell)[]) a[k] += x[k];
    return a;
  }, emptyCell());
  return {
    nombreVentes: t.nombre,
    caTtc: t.caTtc,
    caHt: t.caHt,
    coutVentes: t.cout,
    nombreRetours: t.retours,
    retoursTtc: t.retoursTtc,
    retoursHt: t.retoursHt,
    coutRetours: t.coutRetours,
    margeBrute: t.caHt - t.retoursHt - (t.cout - t.coutRetours),
    panierMoyen: t.nombre ? Math.round(t.caTtc / t.nombre) : 0,
  };
}

export type Series = Pick<TableauFigures, 'totaux' | 'totauxPrecedents' | 'parJour' | 'parHeure'>;

/** Every day of the calendar's period, and its hours, from its groups. */
async function daysAndHours(db: Kysely<DB>, shopId: number, c: Calendar) {
  const days = c.days.map(emptyCell);
  const hours = Array.from({ length: 24 }, () => ({ nombre: 0, caTtc: 0 }));
  const [ventes, retours]: [Group[], Group[]] = await (c.quarters ? summaryGroups : rawGroups)(
    db,
    shopId,
    c,
  );
  for (const r of ventes) {
    const at = placeOf(c, r.b);
    if (!at) continue;
    const d = days[at.day]!;
    d.nombre += n(r.nombre);
    d.caTtc += n(r.ttc);
    d.caHt += n(r.ht);
    d.cout += n(r.cout);
    hours[at.hour]!.nombre += n(r.nombre);
    hours[at.hour]!.caTtc += n(r.ttc);
  }
  for (const r of retours) {
    const at = placeOf(c, r.b);
    if (!at) continue;
    const d = days[at.day]!;
    d.retours += n(r.nombre);
    d.retoursTtc += n(r.ttc);
    d.retoursHt += n(r.ht);
    d.coutRetours += n(r.cout);
  }
  return { days, hours };
}

/**
 * Totals of the period, every day of it and its hours; the totals of the period compared with
 * (`totauxDe`: its days and hours are not shown, a sum is enough).
 */
export async function seriesOf(
  db: Kysely<DB>,
  shopId: number,
  zone: string,
  periode: Jours,
  precedente: Jours,
): Promise<Series> {
  const c = calendarOf(periode, zone);
  const [{ days, hours }, totauxPrecedents] = await Promise.all([
    daysAndHours(db, shopId, c),
    totauxDe(db, shopId, zone, precedente),
  ]);
  return {
    totaux: totauxOf(days),
    totauxPrecedents,
    parJour: days.map((d, i) => ({
      jour: c.days[i]!,
      nombre: d.nombre,
      caTtc: d.caTtc,
      caHt: d.caHt,
      marge: d.caHt - d.retoursHt - (d.cout - d.coutRetours),
    })),
    parHeure: hours.map((h, heure) => ({ heure, ...h })),
  };
}

/**
 * The totals of the period alone (the product report's `toutesVentes`): with the summaries, one
 * sum over the period's quarters instead of its groups placed day by day and hour by hour; else
 * those of its days.
 */
export async function totauxDe(
  db: Kysely<DB>,
  shopId: number,
  zone: string,
  periode: Jours,
): Promise<TableauTotaux> {
  const c = calendarOf(periode, zone);
  if (!c.quarters) return totauxOf((await daysAndHours(db, shopId, c)).days);
  const of = (table: 'ventes_quarts' | 'retours_quarts') =>
    quarterSums(db, table, shopId, c).executeTakeFirst();
  const [v, r] = await Promise.all([of('ventes_quarts'), of('retours_quarts')]);
  return totauxOf([
    {
      nombre: n(v?.nombre),
      caTtc: n(v?.ttc),
      caHt: n(v?.ht),
      cout: n(v?.cout),
      retours: n(r?.nombre),
      retoursTtc: n(r?.ttc),
      retoursHt: n(r?.ht),
      coutRetours: n(r?.cout),
    },
  ]);
}
