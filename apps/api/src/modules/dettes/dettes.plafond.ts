import { sql, type Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';

/**
 * A new debt of `reste` for the customer (a sale on credit, less the credit it uses): their
 * outstanding plus it must stay within their credit limit (422 otherwise). Runs in the document's transaction, after the customer's row was locked.
 */
export async function checkPlafondCredit(
  trx: Transaction<DB>,
  serviceId: number,
  client: { id: number; nom: string; plafond_credit: number | null },
  reste: number,
  money: (v: number) => string,
): Promise<void> {
  if (client.plafond_credit === null) return;
  const row = await trx
    .selectFrom('dettes')
    .select(sql<number>`coalesce(sum(montant - paye), 0)`.as('encours'))
    .where('service_id', '=', serviceId)
    .where('client_id', '=', client.id)
    .executeTakeFirstOrThrow();
  const encours = Number(row.encours);
  const plafond = Number(client.plafond_credit);
  if (encours + reste > plafond) {
    throw new AppError(
      422,
      'BUSINESS_RULE',
      'Plafond de crédit dépassé',
      `Plafond de crédit de « ${client.nom} » dépassé : encours ${money(encours)} + reste ${money(reste)} > plafond ${money(plafond)}.`,
    );
  }
}
