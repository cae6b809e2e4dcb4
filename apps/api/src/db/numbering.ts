import { sql, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * Next number of a document kind in a shop and year, e.g. V-2026-000123. The counter row is
 * incremented inside the document's own transaction (row lock on PostgreSQL, single writer on
 * SQLite): a document that rolls back gives its number back, so numbers have no gaps.
 * The year is the server's local calendar year at `date`.
 */
export async function nextNumero(
  trx: Transaction<DB>,
  serviceId: number,
  type: string,
  prefixe: string,
  date: Date = new Date(),
): Promise<string> {
  const annee = date.getFullYear();
  const row = await trx
    .insertInto('compteurs_documents')
    .values({ service_id: serviceId, type, annee, dernier: 1 })
    .onConflict((oc) => oc.columns(['service_id', 'type', 'annee']).doUpdateSet({ dernier: sql`compteurs_documents.dernier + 1` }))
    .returning('dernier')
    .executeTakeFirstOrThrow();
  return `${prefixe}-${annee}-${String(row.dernier).padStart(6, '0')}`;
}
