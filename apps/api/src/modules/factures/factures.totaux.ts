import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { utcDaysOf } from '../../db/day-totals.js';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import {
  periodOf,
  where,
  type Eb,
  type FactureListShop,
  type Filters,
  type Where,
} from './factures.filtres.js';
import { deClientsTrouves, numeroContient } from './factures.recherche.js';
import { statutFiltre } from './factures.statut.js';

interface Totaux {
  nombre: number;
  total_ht: number;
  total_ttc: number;
  montant_avoirs: number;
  reste: number;
}

const SUMS = ['total_ht', 'total_ttc', 'montant_avoirs', 'reste'] as const;

const sums = () => [...SUMS.map((c) => sql<number>`coalesce(sum(${sql.ref(`f.${c}`)}), 0)`.as(c))];

const numbers = (r: Record<string, unknown>): Totaux => ({
  nombre: Number(r.nombre),
  total_ht: Number(r.total_ht),
  total_ttc: Number(r.total_ttc),
  montant_avoirs: Number(r.montant_avoirs),
  reste: Number(r.reste),
});

function add(parts: Array<Totaux | null>): Totaux {
  const sum: Totaux = { nombre: 0, total_ht: 0, total_ttc: 0, montant_avoirs: 0, reste: 0 };
  for (const p of parts)
    if (p) for (const k of Object.keys(sum) as Array<keyof Totaux>) sum[k] += p[k];
  return sum;
}

/** The totals of the invoices themselves matching the filters. */
async function invoiceTotals(db: Kysely<DB>, shop: FactureListShop, f: Filters, w: Where) {
  const r = await db
    .selectFrom('factures as f')
    .where((eb) => where(eb as unknown as Eb, shop, f, w))
    .select([sql<number>`count(*)`.as('nombre'), ...sums()])
    .executeTakeFirstOrThrow();
  return numbers(r);
}

/**
 * The totals of the filtered set from the day totals the database keeps (migration 042) over the
 * whole UTC days of the period, and from the invoices themselves over the partial days at its ends
 * (the shop's days start at its midnight, not UTC's). `extra` applies to both.
 */
async function dayTotals(db: Kysely<DB>, shop: FactureListShop, f: Filters, w: Where) {
  const { start, end } = periodOf(shop, f);
  const { days, edges } = utcDaysOf(start, end);
  return add(
    await Promise.all([
      ...edges.map((range) => invoiceTotals(db, shop, f, { ...w, range })),
      days
        ? db
            .selectFrom('factures_jours as f')
            .where((eb) => {
              // The summary has the invoices' key columns, under the same names.
              const as = eb as unknown as Eb;
              const c: Expression<SqlBool>[] = [eb('f.service_id', '=', shop.id)];
              if (days.from) c.push(eb('f.jour', '>=', days.from));
              if (days.to) c.push(eb('f.jour', '<', days.to));
              if (f.clientId !== undefined) c.push(eb('f.client_id', '=', f.clientId));
              if (f.statut) c.push(statutFiltre(as, f.statut, shopToday(shop)));
              if (w.extra) c.push(w.extra(as));
              return eb.and(c);
            })
            .select([sql<number>`coalesce(sum(f.nombre), 0)`.as('nombre'), ...sums()])
            .executeTakeFirstOrThrow()
            .then(numbers)
        : null,
    ]),
  );
}

/**
 * The totals of the whole filtered set. A sale filter reads the invoices. A text search is split
 * in two disjoint parts: the invoices of the customers found, from the day totals (a name found
 * in every customer matches every invoice: 100,000 rows otherwise), and those whose number matches
 * but not their customer's name, from the invoices on the number's trigram index. `clients`: the
 * customers the search found, if read beforehand (factures.recherche.ts).
 */
export async function totalsOf(
  db: Kysely<DB>,
  shop: FactureListShop,
  f: Filters,
  clients?: number[],
): Promise<Totaux> {
  const postgres = isPostgres(db);
  const w: Where = { postgres, clients };
  if (f.venteId !== undefined) return invoiceTotals(db, shop, f, w);
  const { q, ...rest } = f;
  if (!q) return dayTotals(db, shop, rest, w);
  return add(
    await Promise.all([
      dayTotals(db, shop, rest, { ...w, extra: (eb) => deClientsTrouves(eb, shop, q, w) }),
      invoiceTotals(db, shop, rest, {
        ...w,
        extra: (eb) =>
          eb.and([numeroContient(q, postgres), deClientsTrouves(eb, shop, q, w, 'f', true)]),
      }),
    ]),
  );
}
