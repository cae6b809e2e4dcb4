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

/** Formats sharp may decode for us: what its metadata says the bytes are, not what was declared. */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** The signatures of those formats, checked before any decoder sees the bytes. */
function looksAllowed(data: Buffer): boolean {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
  return (
    starts([0xff, 0xd8, 0xff]) ||
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    data.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    data.subarray(0, 6).toString('latin1') === 'GIF89a' ||
    (data.subarray(0, 4).toString('latin1') === 'RIFF' &&
      data.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}

/** What a broken or oversized multipart body becomes: 413 past a limit, 400 otherwise, in French. */
function multipartError(error: unknown, label: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(`${label} ne doit pas dépasser 5 Mo.`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return tooLarge('Le formulaire envoyé compte trop de champs ou de fichiers : une seule image.');
  return badRequest('Le formulaire envoyé est mal formé ou incomplet. Réessayez l’envoi.');
}

const tooLarge = (detail: string) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', 'Fichier trop volumineux', detail);

/**
 * Reads the one file of the multipart field `file` (5 Mo at most) whose declared type is one of
 * `accept` (`refused()` otherwise, before reading it). The whole form is read: a second file, more
 * than ten fields (413) or a form cut short (400) is refused; 400 without a file. The declared
 * type is only a first filter: the caller judges the bytes.
 */
export async function readFilePart(
  request: FastifyRequest,
  label: string,
  accept: readonly string[],
  refused: () => AppError,
): Promise<{ data: Buffer; mimetype: string }> {
  const lower = label.charAt(0).toLowerCase() + label.slice(1);
  if (!request.isMultipart())
    throw badRequest(`Envoyez ${lower} dans un formulaire multipart, champ « file ».`);
  let input: { data: Buffer; mimetype: string } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (!accept.includes(part.mimetype)) {
        part.file.resume();
        throw refused();
      }
      input = { data: await part.toBuffer(), mimetype: part.mimetype };
    }
  } catch (error) {
    throw multipartError(error, label);
  }
  if (!input) throw badRequest(`Aucun fichier reçu : choisissez ${lower}.`);
  return input;
}

/**
 * An image judged by its bytes (signature, then the format sharp decodes), whatever type was
 * declared, returned transformed; 415 otherwise.
 */
export async function decodeImage(
  input: Buffer,
  transform: ImageUpload['transform'],
  refused: () => AppError = notAnImage,
): Promise<Buffer> {
  if (!looksAllowed(input)) throw refused();
  try {
    const image = sharp(input, { limitInputPixels: 40_000_000 });
    const { format } = await image.metadata();
    if (!format || !DECODED_FORMATS.has(format)) throw refused();
    return await transform(image.rotate()).toBuffer();
  } catch {
    throw refused();
  }
}

/**
 * Reads one image from the multipart field `file` (JPEG, PNG, WebP or GIF, 5 Mo at most), checks
 * it really is one, and returns it transformed (readFilePart, then decodeImage): 415 when it is
 * not an image, judged by its bytes, whatever type was declared.
 */
export async function readImage(request: FastifyRequest, upload: ImageUpload): Promise<Buffer> {
  const { data } = await readFilePart(request, upload.label, PHOTO_TYPES, notAnImage);
  return decodeImage(data, upload.transform);
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
