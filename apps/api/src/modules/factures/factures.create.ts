import type { Selectable } from 'kysely';
import type { Facture, FactureData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { empreinteOf, idempotentWrite } from '../../core/idempotence.js';
import type { ServicesTable } from '../../db/schema.js';
import { emettreFacture } from './factures.emettre.js';
import { readFacture } from './factures.read.js';

type Service = Selectable<ServicesTable>;

export interface FactureAnswer {
  facture: Facture;
  replayed: boolean;
}

/** `POST …/factures`: an invoice in its own transaction, idempotent (core/idempotence.ts). */
export async function createFacture(
  ctx: AppContext,
  service: Service,
  userId: number,
  input: FactureData,
): Promise<FactureAnswer> {
  const empreinte = empreinteOf({ ...input });
  const { value, replayed } = await idempotentWrite(
    ctx.database.db,
    {
      table: 'factures',
      serviceId: service.id,
      cle: input.cleIdempotence,
      empreinte,
      autreRequete: 'Cette clé a déjà servi pour une autre facture.',
      read: (db, id) => readFacture(db, service, id),
    },
    (db) =>
      db.transaction().execute((trx) => emettreFacture(trx, { service, userId }, input, empreinte)),
  );
  return { facture: value, replayed };
}
