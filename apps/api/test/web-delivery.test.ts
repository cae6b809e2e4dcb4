import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { startTestServer, type TestServer } from './support/test-app.js';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the bytes as sent (fetch would decompress them out of sight). */
function rawGet(base: string, url: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : undefined;
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
  const page = `<!doctype html><html lang="fr"><head><title>Comptoir</title></head><body>${'<div id="root"></div>'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(path.join(dist, 'assets', 'petit-Ef56.css'), 'body{margin:0}');
    execFileSync(process.execPath, [path.resolve('scripts/precompress.mjs'), dist]);
    server = await startTestServer({ WEB_DIST: dist });
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
    }
    const small = await rawGet(server.baseUrl, '/assets/petit-Ef56.css', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('body{margin:0}');
  });

  it('toute autre adresse donne index.html, compressé, revalidé à chaque visite', async () => {
    for (const url of ['/', '/pages/ventes', '/assets/absent.js', '/assets/../index.html']) {
      const r = await rawGet(server.baseUrl, url, 'br');
      expect(r.status, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(decoded(r), url).toBe(page);
    }
  });

  it('les réponses JSON de l’API sont compressées au-delà de 1 Kio, jamais gardées en cache', async () => {
    const docs = await rawGet(server.baseUrl, '/api/docs', 'gzip, br');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(docs))).toHaveProperty('openapi');
    expect(docs.headers['cache-control']).toBe('no-store');
    const health = await rawGet(server.baseUrl, '/api/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });
});
