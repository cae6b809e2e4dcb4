import type { FastifyRequest } from 'fastify';
import type { ProfileUpdate, SessionUser } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { nowIso } from '../../db/time.js';
import { readImage, storeFile } from '../files/upload.js';
import { loadSessionUser } from './session-user.js';

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileUpdate): Promise<SessionUser> {
  await ctx.database.db
    .updateTable('users')
    .set({ prenom: input.prenom, nom: input.nom, telephone: input.telephone ? input.telephone : null, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  return loadSessionUser(ctx, userId);
}

/** Reads one image from a multipart body, checks its type and size, and stores it resized. */
export async function savePhoto(ctx: AppContext, userId: number, request: FastifyRequest): Promise<SessionUser> {
  const output = await readImage(request, {
    label: 'La photo',
    contentType: 'image/jpeg',
    transform: (image) => image.resize(256, 256, { fit: 'cover' }).jpeg({ quality: 85 }),
  });
  const { db } = ctx.database;
  const previous = await db.selectFrom('users').select('profile_image_id').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    const fileId = await storeFile(trx, output, 'image/jpeg', userId);
    await trx.updateTable('users').set({ profile_image_id: fileId, updated_at: nowIso() }).where('id', '=', userId).execute();
    if (previous.profile_image_id) await trx.deleteFrom('files').where('id', '=', previous.profile_image_id).execute();
  });
  return loadSessionUser(ctx, userId);
}

export async function removePhoto(ctx: AppContext, userId: number): Promise<SessionUser> {
  const { db } = ctx.database;
  const previous = await db.selectFrom('users').select('profile_image_id').where('id', '=', userId).executeTakeFirstOrThrow();
  if (previous.profile_image_id) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ profile_image_id: null, updated_at: nowIso() }).where('id', '=', userId).execute();
      await trx.deleteFrom('files').where('id', '=', previous.profile_image_id!).execute();
    });
  }
  return loadSessionUser(ctx, userId);
}
