import type { Kysely, Selectable } from 'kysely';
import type { Depense, DepenseData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { empreinteOf, idempotentWrite, type IdempotentRequest } from '../../core/idempotence.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { checkDepense } from './depenses.checks.js';
import { readDepense } from './depenses.repository.js';

export interface DepenseAnswer {
  depense: Depense;
  replayed: boolean;
}

/**
 * Records an expense (owner or manager). Same key and request: the first answer; same key, other
 * request: 409 (core/idempotence.ts). The receipt is sent after, to `…/justificatif`.
 */
export async function createDepense(
  ctx: AppContext,
  shop: Selectable<ServicesTable>,
  userId: number,
  input: DepenseData,
): Promise<DepenseAnswer> {
  const request = {
    table: 'depenses',
    serviceId: shop.id,
    cle: input.cleIdempotence,
    empreinte: empreinteOf(input),
    autreRequete: 'Cette clé a déjà servi pour une autre dépense.',
    read: (db, id) => readDepense(db, shop.id, id),
  } satisfies IdempotentRequest<Depense>;
  const { value, replayed } = await idempotentWrite(ctx.database.db, request, async (db) => {
    await checkDepense(db, shop, input);
    return insertDepense(db, shop.id, userId, input, request.empreinte);
  });
  return { depense: value, replayed };
}

/**
 * Writes a checked expense (checkDepense) on the handle given: the caller's transaction when the
 * expense is part of another document (a « dépense payée en caisse »). Returns its id.
 */
export async function insertDepense(
  db: Kysely<DB>,
  serviceId: number,
  userId: number,
  input: DepenseData,
  empreinte: string,
): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('depenses')
    .values({
      service_id: serviceId,
      categorie_id: input.categorieId,
      libelle: input.libelle,
      montant: input.montant,
      date: input.date,
      mode: input.mode,
      justificatif_file_id: null,
      user_id: userId,
      cle_idempotence: input.cleIdempotence,
      empreinte,
      created_at: now,
      updated_at: now,
      supprime_le: null,
      supprime_par: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
