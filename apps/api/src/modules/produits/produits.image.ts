import type { FastifyRequest } from 'fastify';
import type { Produit } from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { nowIso } from '../../db/time.js';
import { removeImage, replaceImage } from '../files/images.js';
import { findProduit } from './produits.repository.js';
import { getProduit } from './produits.service.js';

/** The product photo: fitted into 800 × 800, JPEG. */
export async function saveProduitImage(
  ctx: AppContext,
  user: AuthUser,
  serviceId: number,
  id: number,
  request: FastifyRequest,
): Promise<Produit> {
  const row = await findProduit(ctx.database.db, serviceId, id);
  if (!row) throw notFound('Produit introuvable.');
  await replaceImage(ctx, request, user.id, {
    label: 'La photo du produit',
    contentType: 'image/jpeg',
    transform: (image) =>
      image
        .resize(800, 800, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 }),
    current: row.image_file_id,
    point: async (trx, fileId) => {
      await trx
        .updateTable('produits')
        .set({ image_file_id: fileId, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  });
  return getProduit(ctx, serviceId, id);
}

export async function removeProduitImage(
  ctx: AppContext,
  serviceId: number,
  id: number,
): Promise<Produit> {
  const row = await findProduit(ctx.database.db, serviceId, id);
  if (!row) throw notFound('Produit introuvable.');
  await removeImage(ctx, {
    current: row.image_file_id,
    point: async (trx, fileId) => {
      await trx
        .updateTable('produits')
        .set({ image_file_id: fileId, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  });
  return getProduit(ctx, serviceId, id);
}
