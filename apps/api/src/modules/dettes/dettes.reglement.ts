import type { Selectable, Transaction } from 'kysely';
import { formatMoney, type Reglement, type ReglementData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule, notFound } from '../../core/errors.js';
import { empreinteOf, idempotentWrite, type IdempotentRequest } from '../../core/idempotence.js';
import { lockParty } from '../../db/locks.js';
import { documentSession } from '../caisses/caisses.session.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { journaliser } from '../journal/journal.append.js';
import { allouer, dettesOuvertes } from './dettes.allocation.js';
import { findReglements } from './dettes.repository.js';
import { clientOf } from './dettes.service.js';

type Service = Selectable<ServicesTable>;

export interface ReglementAnswer {
  reglement: Reglement;
  replayed: boolean;
}

/**
 * A repayment of the owner's customer: allocated to the chosen debt, else to the oldest debts
 * first; more than what is owed is refused (422 naming the amount owed). Same key and request:
 * the first answer; same key, other request: 409 (core/idempotence.ts).
 */
export async function createReglement(
  ctx: AppContext,
  service: Service,
  userId: number,
  clientId: number,
  input: ReglementData,
): Promise<ReglementAnswer> {
  await clientOf(ctx, service.id, clientId);
  const request = {
    table: 'reglements',
    serviceId: service.id,
    cle: input.cleIdempotence,
    empreinte: empreinteReglement(input, clientId),
    autreRequete: 'Cette clé a déjà servi pour un autre règlement.',
    read: async (db, id) => (await findReglements(db, service.id, { ids: [id] }))[0]!,
  } satisfies IdempotentRequest<Reglement>;
  const { value, replayed } = await idempotentWrite(ctx.database.db, request, (db) =>
    db
      .transaction()
      .execute((trx) => writeReglement(trx, service, userId, clientId, input, request.empreinte)),
  );
  return { reglement: value, replayed };
}

const empreinteReglement = (input: ReglementData, clientId: number) =>
  empreinteOf({ ...input, clientId, detteId: input.detteId ?? null });

/**
 * A repayment inside the caller's transaction, dated `now`, without the idempotency replay nor the
 * answer (demo data: back-dated repayments among the demo's sales). Returns the règlement's id.
 */
export function insertReglement(
  trx: Transaction<DB>,
  service: Service,
  userId: number,
  clientId: number,
  input: ReglementData,
  now: Date,
): Promise<number> {
  const empreinte = empreinteReglement(input, clientId);
  return writeReglement(trx, service, userId, clientId, input, empreinte, now);
}

async function writeReglement(
  trx: Transaction<DB>,
  service: Service,
  userId: number,
  clientId: number,
  input: ReglementData,
  empreinte: string,
  now?: Date,
): Promise<number> {
  const at = now?.toISOString();
  const createdAt = at ?? nowIso();
  // Lock order: the register's session, then the customer.
  const sessionId = await documentSession(trx, service.id, input.caisseId);
  await lockParty(trx, 'clients', service.id, clientId);
  let dettes = await dettesOuvertes(trx, service.id, clientId);
  if (input.detteId) {
    const chosen = await trx
      .selectFrom('dettes as d')
      .innerJoin('ventes as v', 'v.id', 'd.vente_id')
      .select(['d.id', 'd.montant', 'd.paye', 'v.numero'])
      .where('d.id', '=', input.detteId)
      .where('d.service_id', '=', service.id)
      .where('d.client_id', '=', clientId)
      .executeTakeFirst();
    if (!chosen) throw notFound('Dette introuvable pour ce client.');
    const reste = Number(chosen.montant) - Number(chosen.paye);
    if (input.montant > reste)
      throw businessRule(
        `Le montant dépasse ce qui reste à payer sur la vente ${chosen.numero} (${formatMoney(reste, service.devise)}).`,
      );
    dettes = dettes.filter((d) => d.id === chosen.id);
  } else {
    const du = dettes.reduce((a, d) => a + d.reste, 0);
    if (input.montant > du)
      throw businessRule(
        `Le montant dépasse ce que doit le client (${formatMoney(du, service.devise)}).`,
      );
  }
  const { id: reglementId } = await trx
    .insertInto('reglements')
    .values({
      service_id: service.id,
      client_id: clientId,
      mode: input.mode,
      montant: input.montant,
      disponible: 0,
      operateur: input.operateur,
      reference: input.reference,
      retour_id: null,
      cle_idempotence: input.cleIdempotence,
      empreinte,
      user_id: userId,
      created_at: createdAt,
      caisse_session_id: sessionId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { nonAlloue } = await allouer(trx, {
    serviceId: service.id,
    reglementId,
    dettes,
    montant: input.montant,
    argent: true,
    at,
  });
  if (nonAlloue !== 0) throw new Error('Règlement non entièrement alloué');
  await journaliser(trx, service.id, {
    type: 'reglement',
    reference: String(reglementId),
    horodatage: createdAt,
    contenu: {
      reglement: reglementId,
      client: clientId,
      utilisateur: userId,
      mode: input.mode,
      montant: input.montant,
      dette: input.detteId ?? null,
    },
  });
  return reglementId;
}
