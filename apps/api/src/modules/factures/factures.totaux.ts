import { sql, type Kysely } from 'kysely';
import { utcDaysOf } from '../../db/day-totals.js';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import {
  periodOf,
  where,
  whereIssued,
  type Eb,
  type FactureListShop,
  type Filters,
} from './factures.filtres.js';
import { statutFiltre } from './factures.statut.js';

interface Totaux {
  nombre: number;
  total_ht: number;
  total_ttc: number;
  montant_avoirs: number;
  reste: number;
}

const SUMS = ['total_ht', 'total_ttc', 'montant_avoirs', 'reste'] as const;

/** The totals of the invoices themselves matching the filters, issued in [start, end). */
async function invoiceTotals(
  db: Kysely<DB>,
  shop: FactureListShop,
  f: Filters,
  range: [string | null, string | null] | null,
): Promise<Totaux> {
  const r = await db
    .selectFrom('factures as f')
    .where((eb) =>
      range
        ? whereIssued(eb as unknown as Eb, shop, f, range[0], range[1])
        : where(eb as unknown as Eb, shop, f),
    )
    .select([
      sql<number>`count(*)`.as('nombre'),
      ...SUMS.map((c) => sql<number>`coalesce(sum(${sql.ref(`f.${c}`)}), 0)`.as(c)),
    ])
    .executeTakeFirstOrThrow();
  return numbers(r);
}

const numbers = (r: Record<string, unknown>): Totaux => ({
  nombre: Number(r.nombre),
  total_ht: Number(r.total_ht),
  total_ttc: Number(r.total_ttc),
  montant_avoirs: Number(r.montant_avoirs),
  reste: Number(r.reste),
});

/**
 * The totals of the whole filtered set. Without a text search or a sale, they add up the day
 * totals the database keeps (migration 042) over the whole UTC days of the period, and the
 * invoices themselves over the partial days at its ends (the shop's days start at its midnight,
 * not UTC's); with one, they read the invoices.
 */
export async function totalsOf(db: Kysely<DB>, shop: FactureListShop, f: Filters): Promise<Totaux> {
  if (f.q || f.venteId !== undefined) return invoiceTotals(db, shop, f, null);
  const { start, end } = periodOf(shop, f);
  const { days, edges } = utcDaysOf(start, end);
  const parts = await Promise.all([
    ...edges.map((e) => invoiceTotals(db, shop, f, e)),
    days
      ? db
          .selectFrom('factures_jours as f')
          .where((eb) => {
            const c = [eb('f.service_id', '=', shop.id)];
            if (days.from) c.push(eb('f.jour', '>=', days.from));
            if (days.to) c.push(eb('f.jour', '<', days.to));
            if (f.clientId !== undefined) c.push(eb('f.client_id', '=', f.clientId));
            if (f.statut)
              c.push(statutFiltre(eb as unknown as Eb, f.statut, shopToday(shop)) as never);
            return eb.and(c);
          })
          .select([
            sql<number>`coalesce(sum(f.nombre), 0)`.as('nombre'),
            ...SUMS.map((c) => sql<number>`coalesce(sum(${sql.ref(`f.${c}`)}), 0)`.as(c)),
          ])
          .executeTakeFirstOrThrow()
          .then(numbers)
      : null,
  ]);
  const sum: Totaux = { nombre: 0, total_ht: 0, total_ttc: 0, montant_avoirs: 0, reste: 0 };
  for (const p of parts)
    if (p) for (const k of Object.keys(sum) as Array<keyof Totaux>) sum[k] += p[k];
  return sum;
}
