import { sql, type Transaction } from 'kysely';
import { localYear, shopTimeZone } from '@comptoir/shared';
import type { DB } from './schema.js';
import { now } from './time.js';

/**
 * Next number of a document kind in a shop and year, e.g. V-2026-000123. The counter row is
 * incremented inside the document's own transaction (row lock on PostgreSQL, single writer on
 * SQLite): a document that rolls back gives its number back, so numbers have no gaps.
 * The year is the shop's calendar year at `date`, in its country's time zone (services.pays).
 */
export async function nextNumero(
  trx: Transaction<DB>,
  shop: { id: number; pays: string | null },
  type: string,
  prefixe: string,
  date: Date = now(),
): Promise<string> {
  const serviceId = shop.id;
  const annee = localYear(date, shopTimeZone(shop.pays));
  const row = await trx
    .insertInto('compteurs_documents')
    .values({ service_id: serviceId, type, annee, dernier: 1 })
    .onConflict((oc) =>
      oc
        .columns(['service_id', 'type', 'annee'])
        .doUpdateSet({ dernier: sql`compteurs_documents.dernier + 1` }),
    )
    .returning('dernier')
    .executeTakeFirstOrThrow();
  return `${prefixe}-${annee}-${String(row.dernier).padStart(6, '0')}`;
}
