import type { Kysely, Selectable, Transaction } from 'kysely';
import { DEVIS_STATUT_LABELS, formatDate, type Devis, type DevisStatut } from '@comptoir/shared';
import { businessRule } from '../../core/errors.js';
import { nextNumero } from '../../db/numbering.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { readDevis } from './devis.read.js';

type Service = Selectable<ServicesTable>;

const label = (s: DevisStatut) => `« ${DEVIS_STATUT_LABELS[s].toLowerCase()} »`;

/** 422 for an expired quote: it can no longer be sent nor accepted. */
export function refuseExpired(devis: Devis): void {
  if (devis.statut === 'expire')
    throw businessRule(
      `Ce devis a expiré le ${formatDate(`${devis.dateValidite}T12:00:00Z`, 'UTC')} : dupliquez-le pour en proposer un nouveau.`,
    );
}

/**
 * Moves a quote from one of `from` to `to` in the caller's transaction, numbering it
 * (D-YYYY-NNNNNN, gapless) when it leaves the draft state. The condition on the stored state is
 * part of the UPDATE: of two concurrent changes, the second finds the state changed (422).
 */
export async function changeStatut(
  trx: Transaction<DB>,
  service: Service,
  devis: Devis,
  to: 'envoye' | 'accepte' | 'refuse',
  columns: { envoye_at?: string; decide_at?: string },
): Promise<void> {
  const at = now();
  const numero = devis.numero ?? (await nextNumero(trx, service, 'devis', at));
  const from = devis.statut === 'expire' ? 'envoye' : devis.statut;
  const { numUpdatedRows } = await trx
    .updateTable('devis')
    .set({ ...columns, statut: to, numero, updated_at: at.toISOString() })
    .where('id', '=', devis.id)
    .where('service_id', '=', service.id)
    .where('statut', '=', from)
    .executeTakeFirst();
  if (numUpdatedRows === 0n)
    throw businessRule('Ce devis vient de changer d’état : rechargez-le avant de recommencer.');
}

/**
 * The customer's answer: accepted (a draft or a sent quote still valid) or refused (a draft or a
 * sent quote, even expired). Giving the same answer again changes nothing.
 */
export async function deciderDevis(
  db: Kysely<DB>,
  service: Service,
  devisId: number,
  decision: 'accepte' | 'refuse',
): Promise<Devis> {
  const devis = await readDevis(db, service, devisId);
  if (devis.statut === decision) return devis;
  if (decision === 'accepte') refuseExpired(devis);
  if (!['brouillon', 'envoye', 'expire'].includes(devis.statut))
    throw businessRule(
      `Ce devis est ${label(devis.statut)} : il ne peut plus être ${decision === 'accepte' ? 'accepté' : 'refusé'}.`,
    );
  await db
    .transaction()
    .execute((trx) =>
      changeStatut(trx, service, devis, decision, { decide_at: now().toISOString() }),
    );
  return readDevis(db, service, devisId);
}
