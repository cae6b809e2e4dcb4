import { sql, type Selectable, type Transaction } from 'kysely';
import {
  formatMoney,
  type CompteClient,
  type DetteClientListQuery,
  type DetteClientPage,
  type Reglement,
  type ReglementData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, businessRule, conflict, notFound } from '../../core/errors.js';
import type { Dialect } from '../../db/database.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso, shopToday } from '../../db/time.js';
import { allouer, dettesOuvertes, lockClient } from './dettes.allocation.js';
import { dettesOfClient, findDebtorPage, findReglements } from './dettes.repository.js';
import { empreinteOf, isUniqueViolation } from './idempotence.js';

type Service = Selectable<ServicesTable>;

export async function listDettes(
  ctx: AppContext,
  service: Service,
  query: DetteClientListQuery,
): Promise<DetteClientPage> {
  const { items, total, totaux } = await findDebtorPage(
    ctx.database.db,
    service.id,
    query,
    shopToday(service),
  );
  return { items, total, page: query.page, size: query.size, totaux };
}

async function clientOf(ctx: AppContext, serviceId: number, clientId: number) {
  const client = await ctx.database.db
    .selectFrom('clients')
    .select(['id', 'nom', 'telephone', 'plafond_credit'])
    .where('id', '=', clientId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!client) throw notFound('Client introuvable.');
  return client;
}

/**
 * The customer's balance: debts, overdue part, credit from returns, purchases, repayments.
 * Overdue: due before the shop's calendar day (its country's time zone).
 */
export async function compteClient(
  ctx: AppContext,
  service: Service,
  clientId: number,
): Promise<CompteClient> {
  const { db } = ctx.database;
  const serviceId = service.id;
  const client = await clientOf(ctx, serviceId, clientId);
  const dettes = await dettesOfClient(db, serviceId, clientId, shopToday(service));
  const avoir = await db
    .selectFrom('reglements')
    .select(sql<number>`coalesce(sum(disponible), 0)`.as('n'))
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  const achats = await db
    .selectFrom('ventes')
    .select([
      sql<number>`count(*)`.as('nombre'),
      sql<number>`coalesce(sum(total_ttc - montant_retourne), 0)`.as('total'),
    ])
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return {
    client: {
      id: client.id,
      nom: client.nom,
      telephone: client.telephone,
      plafondCredit: client.plafond_credit === null ? null : Number(client.plafond_credit),
    },
    encours: dettes.reduce((a, d) => a + d.reste, 0),
    enRetard: dettes.filter((d) => d.statut === 'en_retard').reduce((a, d) => a + d.reste, 0),
    avoir: Number(avoir.n),
    nombreVentes: Number(achats.nombre),
    totalAchats: Number(achats.total),
    dettes,
    reglements: await findReglements(db, serviceId, { clientId }),
  };
}

export interface ReglementAnswer {
  reglement: Reglement;
  replayed: boolean;
}

/** The règlement already recorded under this key: the same request answers it, another one is 409. */
async function replayOf(
  ctx: AppContext,
  serviceId: number,
  cle: string,
  empreinte: string,
): Promise<ReglementAnswer | null> {
  const existing = await ctx.database.db
    .selectFrom('reglements')
    .select(['id', 'empreinte'])
    .where('service_id', '=', serviceId)
    .where('cle_idempotence', '=', cle)
    .executeTakeFirst();
  if (!existing) return null;
  if (existing.empreinte !== empreinte)
    throw conflict('Cette clé a déjà servi pour un autre règlement.');
  const [reglement] = await findReglements(ctx.database.db, serviceId, { ids: [existing.id] });
  return { reglement: reglement!, replayed: true };
}

/**
 * A repayment of the owner's customer: allocated to the chosen debt, else to the oldest debts
 * first; more than what is owed is refused (422 naming the amount owed). Same key and request:
 * the first answer; same key, other request: 409.
 */
export async function createReglement(
  ctx: AppContext,
  service: Service,
  userId: number,
  clientId: number,
  input: ReglementData,
): Promise<ReglementAnswer> {
  await clientOf(ctx, service.id, clientId);
  const empreinte = empreinteReglement(input, clientId);
  const replay = await replayOf(ctx, service.id, input.cleIdempotence, empreinte);
  if (replay) return replay;
  const { db, dialect } = ctx.database;
  let id: number;
  try {
    id = await db
      .transaction()
      .execute((trx) => writeReglement(trx, dialect, service, userId, clientId, input, empreinte));
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) {
      const again = await replayOf(ctx, service.id, input.cleIdempotence, empreinte);
      if (again) return again;
    }
    throw error;
  }
  const [reglement] = await findReglements(db, service.id, { ids: [id] });
  return { reglement: reglement!, replayed: false };
}

const empreinteReglement = (input: ReglementData, clientId: number) =>
  empreinteOf({ ...input, clientId, detteId: input.detteId ?? null });

/**
 * A repayment inside the caller's transaction, dated `now`, without the idempotency replay nor the
 * answer (demo data: back-dated repayments among the demo's sales). Returns the règlement's id.
 */
export function insertReglement(
  trx: Transaction<DB>,
  dialect: Dialect,
  service: Service,
  userId: number,
  clientId: number,
  input: ReglementData,
  now: Date,
): Promise<number> {
  return writeReglement(
    trx,
    dialect,
    service,
    userId,
    clientId,
    input,
    empreinteReglement(input, clientId),
    now,
  );
}

async function writeReglement(
  trx: Transaction<DB>,
  dialect: Dialect,
  service: Service,
  userId: number,
  clientId: number,
  input: ReglementData,
  empreinte: string,
  now?: Date,
): Promise<number> {
  const at = now?.toISOString();
  await lockClient(trx, dialect, service.id, clientId);
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
      created_at: at ?? nowIso(),
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
  return reglementId;
}
