import { frenchSortKey } from '@comptoir/shared';
import type { FastifyRequest } from 'fastify';
import type { ProfileUpdate, SessionUser } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { nowIso } from '../../db/time.js';
import type { Transaction } from 'kysely';
import { removeImage, replaceImage } from '../files/images.js';
import type { DB } from '../../db/schema.js';
import { loadSessionUser } from '../auth/session-user.js';

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: ProfileUpdate,
): Promise<SessionUser> {
  await ctx.database.db
    .updateTable('users')
    .set({
      prenom: input.prenom,
      nom: input.nom,
      nom_tri: frenchSortKey(input.nom),
      prenom_tri: frenchSortKey(input.prenom),
      telephone: input.telephone ? input.telephone : null,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
  return loadSessionUser(ctx, userId);
}

/** Reads one image from a multipart body, checks its type and size, and stores it resized. */
export async function savePhoto(
  ctx: AppContext,
  userId: number,
  request: FastifyRequest,
): Promise<SessionUser> {
  const { db } = ctx.database;
  const previous = await db
    .selectFrom('users')
    .select('profile_image_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await replaceImage(ctx, request, userId, {
    label: 'La photo',
    contentType: 'image/jpeg',
    transform: (image) => image.resize(256, 256, { fit: 'cover' }).jpeg({ quality: 85 }),
    current: previous.profile_image_id,
    point: (trx, fileId) => pointPhoto(trx, userId, fileId),
  });
  return loadSessionUser(ctx, userId);
}

const pointPhoto = async (trx: Transaction<DB>, userId: number, fileId: string | null) => {
  await trx
    .updateTable('users')
    .set({ profile_image_id: fileId, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
};

export async function removePhoto(ctx: AppContext, userId: number): Promise<SessionUser> {
  const { db } = ctx.database;
  const previous = await db
    .selectFrom('users')
    .select('profile_image_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await removeImage(ctx, {
    current: previous.profile_image_id,
    point: (trx, fileId) => pointPhoto(trx, userId, fileId),
  });
  return loadSessionUser(ctx, userId);
}
