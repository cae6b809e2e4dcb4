import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  IMPORT_PROGRESS_TYPE,
  type ProduitImportProgression,
  type ProduitImportResult,
} from '@comptoir/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemFor } from '../../core/error-handler.js';
import type { ImportProgress } from './produits.import.js';

/** The caller asked for the progress stream rather than one JSON answer. */
export const wantsProgress = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes(IMPORT_PROGRESS_TYPE);

/**
 * Answers an import as a stream of JSON lines (`ProduitImportProgression`): the progress the
 * import reports, then its result or its problem. Each report waits for the next turn of the event
 * loop: the line leaves at once and, while rows are checked, the server answers other calls.
 * `application/x-ndjson` is not a type the compression plugin compresses, which would hold the
 * lines back; `X-Accel-Buffering: no` asks a reverse proxy (nginx) not to hold them either.
 */
export function streamImport(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (progress: ImportProgress) => Promise<ProduitImportResult>,
): FastifyReply {
  const stream = new PassThrough();
  const write = (line: ProduitImportProgression) => stream.write(`${JSON.stringify(line)}\n`);
  void run(async (etape, faites, total) => {
    write({ etape, faites, total });
    await nextTurn();
  }).then(
    (resultat) => stream.end(`${JSON.stringify({ resultat })}\n`),
    (error: unknown) => stream.end(`${JSON.stringify({ erreur: problemFor(error, request) })}\n`),
  );
  return reply
    .header('content-type', `${IMPORT_PROGRESS_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
