import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type ProfileUpdate, type SessionUser } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest } from '../../core/errors.js';
import { nowIso } from '../../db/time.js';
import { loadSessionUser } from './session-user.js';

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileUpdate): Promise<SessionUser> {
  await ctx.database.db
    .updateTable('users')
    .set({ prenom: input.prenom, nom: input.nom, telephone: input.telephone ? input.telephone : null, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  return loadSessionUser(ctx, userId);
}

const notAnImage = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Fichier refusé', 'Le fichier doit être une image JPEG, PNG, WebP ou GIF.');

/** Reads one image from a multipart body, checks its type and size, and stores it resized. */
export async function savePhoto(ctx: AppContext, userId: number, request: FastifyRequest): Promise<SessionUser> {
  if (!request.isMultipart()) throw badRequest('Envoyez la photo dans un formulaire multipart, champ « file ».');
  const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('Aucun fichier reçu : choisissez une image.');
  if (!(PHOTO_TYPES as readonly string[]).includes(part.mimetype)) {
    part.file.resume();
    throw notAnImage();
  }
  const input = await part.toBuffer();
  if (part.file.truncated) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Fichier trop volumineux', 'La photo ne doit pas dépasser 5 Mo.');
  }
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
  const { db } = ctx.database;
  const fileId = randomBytes(16).toString('hex');
  const previous = await db.selectFrom('users').select('profile_image_id').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('files')
      .values({ id: fileId, content_type: 'image/jpeg', size: output.length, data: output, created_by: userId, created_at: nowIso() })
      .execute();
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
