import type { Transaction } from 'kysely';
import { isPostgres } from './database.js';
import type { DB } from './schema.js';

/** The tables of a document's party: who a document is made out to. */
export type PartyTable = 'clients' | 'fournisseurs';

/**
 * Locks a party row (customer, supplier) of the shop for the rest of the transaction, and returns
 * its id and name (undefined when the shop has no such row). Every document that changes what a
 * party owes or is owed takes this lock first: on PostgreSQL, `SELECT … FOR UPDATE`, so that two
 * sales on credit, repayments or returns of the same customer queue instead of reading the same
 * balance; SQLite has a single writer. Lock order of a document: party, counter, products by id.
 */
export function lockParty(
  trx: Transaction<DB>,
  table: PartyTable,
  serviceId: number,
  id: number,
): Promise<{ id: number; nom: string } | undefined> {
  return trx
    .selectFrom(table as 'clients')
    .select(['id', 'nom'])
    .where('id', '=', id)
    .where('service_id', '=', serviceId)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
}
