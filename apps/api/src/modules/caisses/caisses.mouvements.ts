import type { Selectable } from 'kysely';
import type { MouvementCaisse, MouvementCaisseData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { empreinteOf, idempotentWrite, sha256 } from '../../core/idempotence.js';
import { isPostgres } from '../../db/database.js';
import { nextNumero } from '../../db/numbering.js';
import type { ServicesTable } from '../../db/schema.js';
import { now, shopToday } from '../../db/time.js';
import { checkDepense } from '../depenses/depenses.checks.js';
import { insertDepense } from '../depenses/depenses.create.js';
import { journaliser } from '../journal/journal.append.js';
import { listMouvements } from './caisses.repository.js';

export interface MouvementAnswer {
  mouvement: MouvementCaisse;
  replayed: boolean;
}

/**
 * Cash in or out of an open session (owner or manager): apport, retrait, or dépense payée en
 * caisse, which also records the expense (cash, the shop's today, the reason as its label) in the
 * same transaction. Each has its number MC-YYYY-NNNNNN and an idempotency key. A closed session:
 * 409, nothing written.
 */
export async function recordMouvement(
  ctx: AppContext,
  shop: Selectable<ServicesTable>,
  userId: number,
  sessionId: number,
  input: MouvementCaisseData,
): Promise<MouvementAnswer> {
  const empreinte = empreinteOf({ ...input, sessionId });
  const { value, replayed } = await idempotentWrite(
    ctx.database.db,
    {
      table: 'caisse_mouvements',
      serviceId: shop.id,
      cle: input.cleIdempotence,
      empreinte,
      autreRequete: 'Cette clé a déjà servi pour un autre mouvement de caisse.',
      read: async (db, id) => (await listMouvements(db, sessionId, id))[0]!,
    },
    (db) =>
      db.transaction().execute(async (trx) => {
        let query = trx
          .selectFrom('caisse_sessions')
          .select(['id', 'statut'])
          .where('id', '=', sessionId)
          .where('service_id', '=', shop.id);
        if (isPostgres(trx)) query = query.forShare();
        const session = await query.executeTakeFirst();
        if (!session) throw notFound('Session de caisse introuvable.');
        if (session.statut !== 'ouverte')
          throw conflict('Cette session est clôturée : plus aucun mouvement de caisse.');
        let depenseId: number | null = null;
        if (input.type === 'depense') {
          const depense = {
            cleIdempotence: `caisse-${sha256(input.cleIdempotence).slice(0, 40)}`,
            categorieId: input.categorieId!,
            libelle: input.motif,
            montant: input.montant,
            date: shopToday(shop),
            mode: 'especes' as const,
          };
          await checkDepense(trx, shop, depense);
          depenseId = await insertDepense(trx, shop.id, userId, depense, empreinteOf(depense));
        }
        const at = now();
        const numero = await nextNumero(trx, shop, 'mouvement_caisse', at);
        const { id } = await trx
          .insertInto('caisse_mouvements')
          .values({
            service_id: shop.id,
            session_id: sessionId,
            numero,
            type: input.type,
            montant: input.montant,
            motif: input.motif,
            depense_id: depenseId,
            user_id: userId,
            cle_idempotence: input.cleIdempotence,
            empreinte,
            created_at: at.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await journaliser(trx, shop.id, {
          type: 'mouvement_caisse',
          reference: numero,
          horodatage: at.toISOString(),
          contenu: {
            mouvement: id,
            session: sessionId,
            utilisateur: userId,
            type: input.type,
            montant: input.montant,
            motif: input.motif,
            depense: depenseId,
          },
        });
        return id;
      }),
  );
  return { mouvement: value, replayed };
}
