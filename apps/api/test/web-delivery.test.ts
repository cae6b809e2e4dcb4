import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../src/core/route.js';
import { TEST_DIALECT } from './support/database.js';
import { startTestServer, type TestServer } from './support/test-app.js';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the bytes as sent (fetch would decompress them out of sight). */
function rawGet(
  base: string,
  url: string,
  acceptEncoding?: string,
  extra: Record<string, string> = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers = { ...extra, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
    http
      .get(`${base}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** The window a brotli stream declares in its first bits (RFC 7932, 9.1), in bits. */
function brotliWindowBits(stream: Buffer): number {
  const first = stream[0]!;
  if ((first & 1) === 0) return 16;
  const n = (first >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (first >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

/** A JSON answer of about `n` KiB, made of lines as a sale's are. */
const jsonOf = (kib: number) =>
  Array.from({ length: kib * 24 }, (_, i) => ({ id: i, nom: `Article ${i}`, montantTtc: i * 7 }));

const decoded = (r: Raw) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body).toString()
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body).toString()
      : r.body.toString();

/**
 * What a phone on a slow link gets (issue 18): every text answer compressed (the built app's
 * files at build time, API JSON on the fly above 1 KiB), hashed assets cached for a year and
 * index.html revalidated.
 */
describe(`livraison de l'application web (${TEST_DIALECT})`, () => {
  let server: TestServer;
  const dist = mkdtempSync(path.join(tmpdir(), 'comptoir-dist-'));
  const script = `export const lignes = [${Array.from({ length: 2000 }, (_, i) => `"ligne ${i}"`).join(',')}];\n`;
  const worker = `const PRECACHE = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `/assets/chunk-${i}.js`))};\n`;
  const manifest = JSON.stringify({
    name: 'Comptoir',
    icons: Array(80).fill({ src: '/icons/icon-192.png' }),
  });
  const page = `<!doctype html><html lang="fr"><head><title>Comptoir</title></head><body>${'<div id="root"></div>'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(path.join(dist, 'assets', 'petit-Ef56.css'), 'body{margin:0}');
    writeFileSync(path.join(dist, 'assets', 'primeicons-C6QP.woff2'), Buffer.alloc(3000, 7));
    writeFileSync(path.join(dist, 'sw.js'), worker);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest);
    execFileSync(process.execPath, [path.resolve('scripts/precompress.mjs'), dist]);
    server = await startTestServer({ WEB_DIST: dist }, (app, ctx) =>
      defineRoute(app, ctx, {
        method: 'GET',
        url: '/api/essai/json',
        summary: 'Réponse JSON de taille choisie (essai)',
        tags: ['Essai'],
        access: 'public',
        query: z.object({ kio: z.coerce.number().int() }),
        responses: { 200: null },
        handler: async ({ query }) => jsonOf(query.kio),
      }),
    );
  });
  afterAll(() => server.close());

  it('un fichier haché part en brotli, sinon en gzip, sinon tel quel, et se garde un an', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const r = await rawGet(server.baseUrl, url, accept);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(decoded(r)).toBe(script);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers['vary'], 'un cache partagé distingue les encodages').toMatch(
        /accept-encoding/i,
      );
      if (encoding) expect(r.body.length).toBeLessThan(script.length / 3);
      // The twin goes out as the script it encodes, with its own length (no chunked transfer).
      expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(r.headers['content-length']).toBe(String(r.body.length));
    }
    // Files without a twin (under 1 KiB, or not text: fonts, images) are cached as long, for a
    // browser that asks for brotli as for one that does not.
    for (const accept of ['gzip, deflate, br', undefined]) {
      const small = await rawGet(server.baseUrl, '/assets/petit-Ef56.css', accept);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body.toString()).toBe('body{margin:0}');
      expect(small.headers['content-type']).toMatch(/^text\/css/);
      expect(small.headers['cache-control'], String(accept)).toBe(
        'public, max-age=31536000, immutable',
      );
      const font = await rawGet(server.baseUrl, '/assets/primeicons-C6QP.woff2', accept);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.headers['cache-control'], String(accept)).toBe(
        'public, max-age=31536000, immutable',
      );
    }
  });

  it('toute autre adresse donne index.html, compressé, revalidé à chaque visite', async () => {
    for (const url of ['/', '/pages/ventes', '/assets/absent.js', '/assets/../index.html']) {
      const r = await rawGet(server.baseUrl, url, 'br');
      expect(r.status, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(decoded(r), url).toBe(page);
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
      expect(r.headers['content-length'], url).toBe(String(r.body.length));
    }
  });

  it('le service worker et le manifeste se revalident aussi, compressés, avec leur type', async () => {
    for (const [url, body, type] of [
      ['/sw.js', worker, /^(text|application)\/javascript/],
      ['/manifest.webmanifest', manifest, /^application\/manifest\+json/],
    ] as const) {
      const r = await rawGet(server.baseUrl, url, 'gzip');
      expect(r.status, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-encoding'], url).toBe('gzip');
      expect(r.headers['content-type'], url).toMatch(type);
      expect(r.headers['content-length'], url).toBe(String(r.body.length));
      expect(decoded(r), url).toBe(body);
    }
    const icon = await rawGet(server.baseUrl, '/favicon.svg', 'gzip, br');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control'], 'un petit fichier sans jumeau').toBe('no-cache');
  });

  it('une revalidation de index.html coûte un 304 sans corps tant qu’il n’a pas changé', async () => {
    const first = await rawGet(server.baseUrl, '/', 'br');
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await rawGet(server.baseUrl, '/', 'br', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another encoding is another representation: it never matches the brotli one's tag.
    const plain = await rawGet(server.baseUrl, '/', undefined, { 'if-none-match': etag! });
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(page);
  });

  it('les réponses JSON de l’API sont compressées au-delà de 1 Kio, jamais gardées en cache', async () => {
    const docs = await rawGet(server.baseUrl, '/api/docs/openapi.json', 'gzip, br');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(docs))).toHaveProperty('openapi');
    expect(docs.headers['cache-control']).toBe('no-store');
    const health = await rawGet(server.baseUrl, '/api/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['content-type']).toMatch(/^application\/json/);
  });

  it('une réponse JSON de quelques Kio part en brotli avec une fenêtre à sa taille, qui se décode', async () => {
    for (const kio of [2, 64]) {
      const r = await rawGet(server.baseUrl, `/api/essai/json?kio=${kio}`, 'gzip, deflate, br');
      expect(r.status, r.body.toString()).toBe(200);
      expect(r.headers['content-encoding'], `${kio} Kio`).toBe('br');
      expect(JSON.parse(decoded(r)), `${kio} Kio`).toEqual(jsonOf(kio));
      expect(r.body.length, `${kio} Kio`).toBeLessThan(decoded(r).length / 3);
      // 2 KiB: 4 KiB of window (12 bits) rather than brotli's 4 MiB (22 bits). Larger answers go
      // through the plugin's stream path and keep its default window.
      if (kio === 2) expect(brotliWindowBits(r.body)).toBeLessThanOrEqual(12);
    }
    const gzip = await rawGet(server.baseUrl, '/api/essai/json?kio=2', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(jsonOf(2));
  });
});
