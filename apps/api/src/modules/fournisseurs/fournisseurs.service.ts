import type { Selectable } from 'kysely';
import type { Fournisseur, FournisseurData, FournisseurListQuery, Page } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { usesOf, type Reference } from '../../db/in-use.js';
import type { FournisseursTable, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { phoneOf, warnDuplicates } from '../clients/party.js';
import {
  findFournisseur,
  findFournisseurPage,
  fournisseurColumns,
} from './fournisseurs.repository.js';

type Service = Selectable<ServicesTable>;

const toFournisseur = (r: Selectable<FournisseursTable>): Fournisseur => ({
  id: r.id,
  nom: r.nom,
  contact: r.contact,
  telephone: r.telephone,
  email: r.email,
  adresse: r.adresse,
  actif: r.actif === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function listFournisseurs(
  ctx: AppContext,
  serviceId: number,
  query: FournisseurListQuery,
): Promise<Page<Fournisseur>> {
  const { items, total } = await findFournisseurPage(ctx.database.db, serviceId, query);
  return { items: items.map(toFournisseur), total, page: query.page, size: query.size };
}

export async function getFournisseur(
  ctx: AppContext,
  serviceId: number,
  id: number,
): Promise<Fournisseur> {
  const row = await findFournisseur(ctx.database.db, serviceId, id);
  if (!row) throw notFound('Fournisseur introuvable.');
  return toFournisseur(row);
}

export async function createFournisseur(
  ctx: AppContext,
  service: Service,
  input: FournisseurData,
): Promise<Fournisseur> {
  const { db } = ctx.database;
  const telephone = phoneOf(input.telephone, service.pays);
  await warnDuplicates(db, 'fournisseurs', service.id, { ...input, telephone });
  const now = nowIso();
  const { id } = await db
    .insertInto('fournisseurs')
    .values({
      ...fournisseurColumns(input, telephone),
      service_id: service.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getFournisseur(ctx, service.id, id);
}

export async function updateFournisseur(
  ctx: AppContext,
  service: Service,
  id: number,
  input: FournisseurData,
): Promise<Fournisseur> {
  const { db } = ctx.database;
  await getFournisseur(ctx, service.id, id);
  const telephone = phoneOf(input.telephone, service.pays);
  await warnDuplicates(db, 'fournisseurs', service.id, { ...input, telephone }, id);
  await db
    .updateTable('fournisseurs')
    .set({ ...fournisseurColumns(input, telephone), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  return getFournisseur(ctx, service.id, id);
}

/**
 * Tables whose rows name a supplier (`fournisseur_id`): a supplier with purchases (their returns
 * and payments come with them) can no longer be deleted.
 */
export const FOURNISSEUR_REFERENCES: Reference[] = [
  { table: 'achats', column: 'fournisseur_id', one: 'achat', many: 'achats' },
];

/** Deletes a supplier without documents; with some: 409 naming them (deactivate instead). */
export async function deleteFournisseur(
  ctx: AppContext,
  serviceId: number,
  id: number,
): Promise<void> {
  const fournisseur = await getFournisseur(ctx, serviceId, id);
  const uses = await usesOf(ctx.database.db, FOURNISSEUR_REFERENCES, id);
  if (uses.length)
    throw conflict(
      `Le fournisseur « ${fournisseur.nom} » figure dans ${uses.join(', ')} : désactivez-le plutôt.`,
    );
  await ctx.database.db.deleteFrom('fournisseurs').where('id', '=', id).execute();
}
