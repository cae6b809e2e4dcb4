import type { Retour } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { findRetours } from './retours.repository.js';

/** The shop's sale a return is about; 404 for another shop's sale. */
export async function venteOf(ctx: AppContext, serviceId: number, venteId: number) {
  const vente = await ctx.database.db
    .selectFrom('ventes')
    .select(['id', 'client_id'])
    .where('id', '=', venteId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!vente) throw notFound('Vente introuvable.');
  return vente;
}

export async function listRetours(
  ctx: AppContext,
  serviceId: number,
  venteId: number,
): Promise<Retour[]> {
  await venteOf(ctx, serviceId, venteId);
  return findRetours(ctx.database.db, serviceId, { venteId });
}

export async function getRetour(ctx: AppContext, serviceId: number, id: number): Promise<Retour> {
  const [retour] = await findRetours(ctx.database.db, serviceId, { id });
  if (!retour) throw notFound('Retour introuvable.');
  return retour;
}
