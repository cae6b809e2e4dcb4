import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@comptoir/shared';
import type { Transaction } from 'kysely';
import { AppError, badRequest } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

const notAnImage = () =>
  new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Fichier refusé',
    'Le fichier doit être une image JPEG, PNG, WebP ou GIF.',
  );

export interface ImageUpload {
  /** « La photo », « Le logo »: names the file in the messages. */
  label: string;
  /** Turns the accepted image into the stored one (resize, format). */
  transform: (image: sharp.Sharp) => sharp.Sharp;
  contentType: string;
}

/**
 * Reads one image from the multipart field `file` (JPEG, PNG, WebP or GIF, 5 Mo at most), checks
 * it really is one, and returns it transformed. 400 without a file, 413 too large, 415 not an image.
 */
export async function readImage(request: FastifyRequest, upload: ImageUpload): Promise<Buffer> {
  const lower = upload.label.charAt(0).toLowerCase() + upload.label.slice(1);
  if (!request.isMultipart())
    throw badRequest(`Envoyez ${lower} dans un formulaire multipart, champ « file ».`);
  const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('Aucun fichier reçu : choisissez une image.');
  if (!(PHOTO_TYPES as readonly string[]).includes(part.mimetype)) {
    part.file.resume();
    throw notAnImage();
  }
  const input = await part.toBuffer();
  if (part.file.truncated) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      'Fichier trop volumineux',
      `${upload.label} ne doit pas dépasser 5 Mo.`,
    );
  }
  try {
    return await upload
      .transform(sharp(input, { limitInputPixels: 40_000_000 }).rotate())
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

/** Stores an image in `files` within a transaction and gives back its new id. */
export async function storeFile(
  trx: Transaction<DB>,
  data: Buffer,
  contentType: string,
  userId: number,
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await trx
    .insertInto('files')
    .values({
      id,
      content_type: contentType,
      size: data.length,
      data,
      created_by: userId,
      created_at: nowIso(),
    })
    .execute();
  return id;
}
