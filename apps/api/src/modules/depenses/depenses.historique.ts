import type { Kysely, Transaction } from 'kysely';
import type {
  DepenseAction,
  DepenseEtat,
  DepenseHistoriquePage,
  DepenseListItem,
  ListQuery,
} from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import { isPostgres } from '../../db/database.js';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { findDepense, mapHistorique, selectHistorique } from './depenses.repository.js';

/**
 * The history of expenses: every change by the owner (edit, receipt, deletion) is written in the
 * transaction of the change, with who, when, and the state before and after (after is null for a
 * deletion). Rows are only ever added.
 */

/**
 * The live expense, locked for the rest of the transaction on PostgreSQL (two edits of the same
 * expense queue, so each history entry's « before » is what the change replaced); 404 when it is
 * another shop's or already deleted.
 */
export async function lockDepense(
  trx: Transaction<DB>,
  serviceId: number,
  id: number,
): Promise<DepenseListItem> {
  const row = await trx
    .selectFrom('depenses')
    .select(['id', 'supprime_le'])
    .where('id', '=', id)
    .where('service_id', '=', serviceId)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row || row.supprime_le) throw notFound('Dépense introuvable.');
  return findDepense(trx, serviceId, id);
}

export async function recordChange(
  trx: Transaction<DB>,
  change: {
    serviceId: number;
    depenseId: number;
    action: DepenseAction;
    userId: number;
    avant: DepenseEtat | null;
    apres: DepenseEtat | null;
  },
): Promise<void> {
  await trx
    .insertInto('depense_historique')
    .values({
      service_id: change.serviceId,
      depense_id: change.depenseId,
      action: change.action,
      user_id: change.userId,
      created_at: nowIso(),
      avant: change.avant ? JSON.stringify(change.avant) : null,
      apres: change.apres ? JSON.stringify(change.apres) : null,
    })
    .execute();
}

/** The shop's history, newest first: where a deleted expense is still found. */
export async function listHistorique(
  db: Kysely<DB>,
  serviceId: number,
  query: Pick<ListQuery, 'page' | 'size'>,
): Promise<DepenseHistoriquePage> {
  const { n } = await db
    .selectFrom('depense_historique')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('service_id', '=', serviceId)
    .executeTakeFirstOrThrow();
  const rows = await selectHistorique(db, serviceId)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items: rows.map(mapHistorique), total: Number(n), page: query.page, size: query.size };
}
