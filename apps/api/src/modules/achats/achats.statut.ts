import { sql, type Transaction } from 'kysely';
import type { AchatStatut } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { resteOf } from './achats.read.js';

/**
 * Status of a validated purchase, derived from its documents: retourné (every line sent back),
 * payé (nothing owed), partiellement payé (part of it settled by payments or returns), validé.
 */
export function statutAchat(a: {
  total: number;
  reste: number;
  toutRetourne: boolean;
}): AchatStatut {
  if (a.toutRetourne) return 'retourne';
  if (a.reste <= 0) return 'paye';
  if (a.reste < a.total) return 'partiellement_paye';
  return 'valide';
}

/** Recomputes and stores the status of a validated purchase, in the transaction that changed it. */
export async function refreshAchatStatut(trx: Transaction<DB>, achatId: number): Promise<void> {
  const a = await trx
    .selectFrom('achats')
    .select(['total', 'montant_paye', 'montant_retourne', 'montant_rembourse'])
    .where('id', '=', achatId)
    .executeTakeFirstOrThrow();
  const { restant } = await trx
    .selectFrom('achat_lignes')
    .select(sql<number>`coalesce(sum(quantite - quantite_retournee), 0)`.as('restant'))
    .where('achat_id', '=', achatId)
    .executeTakeFirstOrThrow();
  const statut = statutAchat({
    total: Number(a.total),
    reste: resteOf(a),
    toutRetourne: Number(restant) <= 0,
  });
  await trx.updateTable('achats').set({ statut }).where('id', '=', achatId).execute();
}
