import type { FastifyRequest } from 'fastify';
import { PHOTO_TYPES, type Depense } from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import type { Selectable } from 'kysely';
import type { ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { decodeImage, readFilePart, storeFile } from '../files/upload.js';
import { lockDepense, recordChange } from './depenses.historique.js';
import { etatOf, findDepense, readDepense } from './depenses.repository.js';

const PDF = 'application/pdf';
const LABEL = 'Le justificatif';

const refused = () =>
  new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Fichier refusé',
    'Le justificatif doit être une photo (JPEG, PNG, WebP ou GIF) ou un PDF.',
  );

/**
 * The receipt as sent, judged by its bytes (files/upload.ts): a PDF must begin with the PDF
 * signature and is kept as sent; a photo must decode as one (a PDF declared as a photo is
 * refused) and is kept fitted into 1600 × 1600, JPEG. 415 otherwise, 413 over 5 Mo.
 */
async function readJustificatif(request: FastifyRequest) {
  const { data, mimetype } = await readFilePart(request, LABEL, [...PHOTO_TYPES, PDF], refused);
  if (mimetype === PDF) {
    if (data.subarray(0, 5).toString('latin1') !== '%PDF-') throw refused();
    return { data, contentType: PDF };
  }
  const jpeg = await decodeImage(
    data,
    (image) =>
      image
        .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 }),
    refused,
  );
  return { data: jpeg, contentType: 'image/jpeg' };
}

/**
 * Attaches the receipt. Whoever records expenses attaches the first one; replacing one is the
 * owner's (403 otherwise) and goes into the history (its type before and after); the replaced
 * file is deleted.
 */
export async function saveJustificatif(
  ctx: AppContext,
  user: AuthUser,
  shop: Selectable<ServicesTable>,
  id: number,
  request: FastifyRequest,
): Promise<Depense> {
  const current = await findDepense(ctx.database.db, shop.id, id);
  if (current.suppression) throw notFound('Dépense introuvable.');
  const owner = shop.owner_id === user.id;
  if (current.justificatif && !owner) throw forbidden(replaceRefused);
  const file = await readJustificatif(request);
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await lockDepense(trx, shop.id, id);
    if (before.justificatif && !owner) throw forbidden(replaceRefused);
    const old = await fileIdOf(trx, id);
    const fileId = await storeFile(trx, file.data, file.contentType, user.id);
    await trx
      .updateTable('depenses')
      .set({ justificatif_file_id: fileId, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (before.justificatif) await recordReceiptChange(trx, shop.id, id, user.id, before);
    if (old) await trx.deleteFrom('files').where('id', '=', old).execute();
  });
  return readDepense(ctx.database.db, shop.id, id);
}

const replaceRefused =
  'Seul le propriétaire de la boutique peut remplacer le justificatif d’une dépense.';

async function recordReceiptChange(
  trx: Parameters<typeof recordChange>[0],
  serviceId: number,
  id: number,
  userId: number,
  before: Awaited<ReturnType<typeof findDepense>>,
) {
  await recordChange(trx, {
    serviceId,
    depenseId: id,
    action: 'justificatif',
    userId,
    avant: etatOf(before),
    apres: etatOf(await findDepense(trx, serviceId, id)),
  });
}

const fileIdOf = async (trx: Parameters<typeof recordChange>[0], id: number) =>
  (
    await trx
      .selectFrom('depenses')
      .select('justificatif_file_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).justificatif_file_id;

/** The owner removes the receipt (in the history); its file is deleted. */
export async function removeJustificatif(
  ctx: AppContext,
  shop: Selectable<ServicesTable>,
  userId: number,
  id: number,
): Promise<Depense> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await lockDepense(trx, shop.id, id);
    if (!before.justificatif) return;
    const old = await fileIdOf(trx, id);
    await trx
      .updateTable('depenses')
      .set({ justificatif_file_id: null, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await recordReceiptChange(trx, shop.id, id, userId, before);
    if (old) await trx.deleteFrom('files').where('id', '=', old).execute();
  });
  return readDepense(ctx.database.db, shop.id, id);
}

/** The receipt's bytes and type, for a member of the shop; 404 without one. */
export async function readJustificatifFile(ctx: AppContext, serviceId: number, id: number) {
  const file = await ctx.database.db
    .selectFrom('depenses as d')
    .innerJoin('files as f', 'f.id', 'd.justificatif_file_id')
    .select(['f.content_type', 'f.data'])
    .where('d.id', '=', id)
    .where('d.service_id', '=', serviceId)
    .executeTakeFirst();
  if (!file) throw notFound('Cette dépense n’a pas de justificatif.');
  return file;
}
