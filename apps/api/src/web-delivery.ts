import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Answers from this size up are compressed when the client accepts it (API JSON included). */
export const COMPRESS_FROM_BYTES = 1024;

/** Brotli's quality for answers compressed on the fly: quick, still close to gzip -9 for JSON. */
const BROTLI_QUALITY = 4;

/**
 * The window of a brotli stream that holds `bytes` (2^bits − 16 bytes of history): the smallest
 * that reaches back over the whole answer, so the bytes are the same as with the default 4 MiB
 * window (22 bits, the most used here).
 */
export const brotliWindowBits = (bytes: number): number =>
  Math.min(
    constants.BROTLI_DEFAULT_WINDOW,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))),
  );

/**
 * Brotli of an answer already in memory (the plugin's synchronous path, answers of a few KiB such
 * as a sale): with a window sized to the answer and its size announced, the encoder no longer sets
 * up a 4 MiB window for each answer. For a 2.5 KiB sale, the same bytes for about 40 % less
 * processor time.
 */
const brotliOfBuffer = (buffer: Buffer): Buffer =>
  brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(buffer.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  });

/**
 * Compression of every text answer for clients that accept it (brotli, else gzip): API JSON,
 * CSV… on the fly at a quick brotli level; the built web app's files are compressed once, at
 * build time and at the best level (scripts/precompress.mjs), and served as they are. Registered
 * before the routes. Larger answers and streams (exports) go through the plugin's stream path,
 * with its default window.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    // Only the synchronous brotli is replaced: every other method is node:zlib's.
    zlib: { brotliCompressSync: brotliOfBuffer },
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
  });
}

/** Files whose name carries a hash of their content: the browser keeps them a year, unasked. */
const HASHED = 'public, max-age=31536000, immutable';

/** find-my-way's default `maxParamLength`, which app.ts keeps. */
const MAX_PARAM_LENGTH = 100;

/**
 * The built web app (apps/web/dist), when there is one: hashed files under assets/ are cached by
 * browsers for a year (their name changes with their content); other files (sw.js, the manifest,
 * icons, themes) and index.html, which answers every other path, are revalidated on each visit so
 * that a new version is picked up. A file with a .br or .gz twin made at build time goes out as
 * that twin when the client accepts it.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  // Cache-Control is set here, not by sendFile's options: @fastify/static (8.3) forgets them when
  // it falls back from a missing .br/.gz twin to the plain file, which then went out `max-age=0`.
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    preCompressed: true,
    cacheControl: false,
  });
  // No on-the-fly compression here: files of 1 KiB and more have their twins, smaller ones gain nothing.
  app.get('/*', { compress: false }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/')) {
      // The router, for an API address with a segment longer than a parameter may be, would have
      // refused it (400) had this wildcard not matched first: the same answer here.
      if (url.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH))
        throw Object.assign(new Error('Paramètre trop long'), { code: 'FST_ERR_MAX_PARAM_LENGTH' });
      return reply.callNotFound();
    }
    const asked = url.slice(1);
    const file =
      asked && !asked.split('/').includes('..') && isFile(path.join(webDist, asked))
        ? asked
        : 'index.html';
    // The same address answers br, gzip or plain bytes: a shared cache must tell them apart.
    reply.header('vary', 'accept-encoding');
    reply.header('cache-control', file.startsWith('assets/') ? HASHED : 'no-cache');
    return reply.sendFile(file);
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
