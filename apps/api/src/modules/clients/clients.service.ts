import type { Selectable } from 'kysely';
import type { Client, ClientData, ClientListQuery, Page } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { usesOf, type Reference } from '../../db/in-use.js';
import type { ClientsTable, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { clientColumns, findClient, findClientPage } from './clients.repository.js';
import { phoneOf, warnDuplicates } from './party.js';

type Service = Selectable<ServicesTable>;

/**
 * A customer as stored. Purchases and balance are derived from sales and debts, which the selling
 * issue adds: until then the detail shows only what exists.
 */
const toClient = (r: Selectable<ClientsTable>): Client => ({
  id: r.id,
  nom: r.nom,
  telephone: r.telephone,
  email: r.email,
  adresse: r.adresse,
  notes: r.notes,
  plafondCredit: r.plafond_credit === null ? null : Number(r.plafond_credit),
  professionnel: r.professionnel === 1,
  siren: r.siren,
  siret: r.siret,
  tvaIntracom: r.tva_intracom,
  adresseLivraison: r.adresse_livraison,
  actif: r.actif === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function listClients(
  ctx: AppContext,
  serviceId: number,
  query: ClientListQuery,
): Promise<Page<Client>> {
  const { items, total } = await findClientPage(ctx.database.db, serviceId, query);
  return { items: items.map(toClient), total, page: query.page, size: query.size };
}

export async function getClient(ctx: AppContext, serviceId: number, id: number): Promise<Client> {
  const row = await findClient(ctx.database.db, serviceId, id);
  if (!row) throw notFound('Client introuvable.');
  return toClient(row);
}

export async function createClient(
  ctx: AppContext,
  service: Service,
  input: ClientData,
): Promise<Client> {
  const { db } = ctx.database;
  const telephone = phoneOf(input.telephone, service.pays);
  await warnDuplicates(db, 'clients', service.id, { ...input, telephone });
  const now = nowIso();
  const { id } = await db
    .insertInto('clients')
    .values({
      ...clientColumns(input, telephone),
      service_id: service.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getClient(ctx, service.id, id);
}

export async function updateClient(
  ctx: AppContext,
  service: Service,
  id: number,
  input: ClientData,
): Promise<Client> {
  const { db } = ctx.database;
  await getClient(ctx, service.id, id);
  const telephone = phoneOf(input.telephone, service.pays);
  await warnDuplicates(db, 'clients', service.id, { ...input, telephone }, id);
  await db
    .updateTable('clients')
    .set({ ...clientColumns(input, telephone), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  return getClient(ctx, service.id, id);
}

/**
 * Tables whose rows name a customer (`client_id`): a customer with documents (sales; their debts
 * come with them) can no longer be deleted.
 */
export const CLIENT_REFERENCES: Reference[] = [
  { table: 'ventes', column: 'client_id', one: 'vente', many: 'ventes' },
];

/** Deletes a customer without documents; with some: 409 naming them (deactivate instead). */
export async function deleteClient(ctx: AppContext, serviceId: number, id: number): Promise<void> {
  const client = await getClient(ctx, serviceId, id);
  const uses = await usesOf(ctx.database.db, CLIENT_REFERENCES, id);
  if (uses.length)
    throw conflict(
      `Le client « ${client.nom} » figure dans ${uses.join(', ')} : désactivez-le plutôt.`,
    );
  await ctx.database.db.deleteFrom('clients').where('id', '=', id).execute();
}
