import type { Transaction } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/**
 * The product's cost as it stands inside the caller's transaction, its row locked on PostgreSQL
 * until the commit (a purchase validated at the same time waits, then averages from what this
 * transaction writes). Read before a change of `prix_achat` that no movement records.
 */
export async function lockCost(
  trx: Transaction<DB>,
  serviceId: number,
  produitId: number,
): Promise<number> {
  const row = await trx
    .selectFrom('produits')
    .select('prix_achat')
    .where('id', '=', produitId)
    .where('service_id', '=', serviceId)
    .$if(isPostgres(trx), (q) => q.forNoKeyUpdate())
    .executeTakeFirstOrThrow();
  return Number(row.prix_achat);
}

/**
 * Records a change of a product's cost that no stock movement records (a hand correction), in the
 * transaction that writes it: the stock value of a past day reads the latest of its last movement's
 * cost and of these (migration 051). Nothing when the cost stays the same.
 */
export async function recordCostChange(
  trx: Transaction<DB>,
  change: { serviceId: number; produitId: number; avant: number; apres: number; userId: number },
): Promise<void> {
  if (change.avant === change.apres) return;
  await trx
    .insertInto('couts_corriges')
    .values({
      service_id: change.serviceId,
      produit_id: change.produitId,
      cump_avant: change.avant,
      cump_apres: change.apres,
      user_id: change.userId,
      created_at: nowIso(),
    })
    .execute();
}
