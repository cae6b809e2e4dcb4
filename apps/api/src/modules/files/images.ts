import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type sharp from 'sharp';
import type { AppContext } from '../../core/context.js';
import type { DB } from '../../db/schema.js';
import { readImage, storeFile } from './upload.js';

/** Where the API serves a stored file (`files.routes.ts`). */
export const fileUrl = (fileId: string): string => `/api/files/${fileId}`;

/** An image kept on a row: how to read it from the upload and where to point the row at it. */
export interface StoredImage {
  /** « La photo », « Le logo »… */
  label: string;
  contentType: string;
  transform: (image: sharp.Sharp) => sharp.Sharp;
  /** The file id the row holds now (deleted once replaced). */
  current: string | null;
  /** Points the row at the new file id (or null), inside the transaction. */
  point: (trx: Transaction<DB>, fileId: string | null) => Promise<void>;
}

/**
 * The one upload pipeline of row images (profile photo, shop logo, product photo): reads and
 * checks the multipart image, stores it, points the row at it and deletes the previous file, in
 * one transaction.
 */
export async function replaceImage(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  image: StoredImage,
): Promise<void> {
  const output = await readImage(request, {
    label: image.label,
    contentType: image.contentType,
    transform: image.transform,
  });
  await ctx.database.db.transaction().execute(async (trx) => {
    const fileId = await storeFile(trx, output, image.contentType, userId);
    await image.point(trx, fileId);
    if (image.current) await trx.deleteFrom('files').where('id', '=', image.current).execute();
  });
}

/** Removes the row's image, if any: the row first, then the file. */
export async function removeImage(
  ctx: AppContext,
  image: Pick<StoredImage, 'current' | 'point'>,
): Promise<void> {
  if (!image.current) return;
  const current = image.current;
  await ctx.database.db.transaction().execute(async (trx) => {
    await image.point(trx, null);
    await trx.deleteFrom('files').where('id', '=', current).execute();
  });
}
