import type { Kysely, Selectable } from 'kysely';
import { clientInputSchema, normalizePhone, type SynchroData } from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/idempotence.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { clientColumns } from '../clients/clients.repository.js';

type ClientHorsLigne = SynchroData['clients'][number];

/**
 * Customers a till created without the network: each is created once, by its key
 * (`clients_hors_ligne`), whatever the number of batches or sales naming it. A phone the server
 * cannot read is kept in the notes rather than refusing the customer (the sale is already made).
 */
export async function clientsHorsLigne(
  db: Kysely<DB>,
  service: Selectable<ServicesTable>,
  clients: readonly ClientHorsLigne[],
) {
  const created: Array<{ cle: string; clientId: number }> = [];
  for (const c of clients) created.push({ cle: c.cle, clientId: await createOnce(db, service, c) });
  const known = new Map(created.map((c) => [c.cle, c.clientId]));
  return {
    created,
    /** The customer a sale names by the till's key: in this batch or an earlier one, else 404. */
    async idOf(cle: string): Promise<number> {
      const id = known.get(cle) ?? (await lookup(db, service.id, cle));
      if (id === null)
        throw notFound(
          'Le client créé hors ligne pour cette vente n’est pas arrivé : renvoyez-le avec elle.',
        );
      return id;
    },
  };
}

async function lookup(db: Kysely<DB>, serviceId: number, cle: string): Promise<number | null> {
  const row = await db
    .selectFrom('clients_hors_ligne')
    .select('client_id')
    .where('service_id', '=', serviceId)
    .where('cle', '=', cle)
    .executeTakeFirst();
  return row?.client_id ?? null;
}

async function createOnce(
  db: Kysely<DB>,
  service: Selectable<ServicesTable>,
  c: ClientHorsLigne,
): Promise<number> {
  const existing = await lookup(db, service.id, c.cle);
  if (existing !== null) return existing;
  const telephone = c.telephone ? normalizePhone(c.telephone, service.pays) : null;
  const data = clientInputSchema.parse({
    nom: c.nom,
    notes: c.telephone && !telephone ? `Téléphone saisi hors ligne : ${c.telephone}` : null,
  });
  const at = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('clients')
        .values({
          ...clientColumns(data, telephone),
          service_id: service.id,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('clients_hors_ligne')
        .values({ service_id: service.id, cle: c.cle, client_id: id })
        .execute();
      return id;
    });
  } catch (error) {
    // The same customer sent by a concurrent batch: the one recorded first.
    const raced = isUniqueViolation(error) ? await lookup(db, service.id, c.cle) : null;
    if (raced === null) throw error;
    return raced;
  }
}
