import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * `/api/docs` (issue 15): a readable reference page served from the bundle (Swagger UI, no CDN),
 * under a Content-Security-Policy that its own files satisfy; the OpenAPI JSON beside it.
 */
describe(`référence de l’API (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const get = (path: string) => fetch(`${server.baseUrl}${path}`);

  it('la page se sert avec sa CSP, sans script en ligne ni ressource d’ailleurs ; ses fichiers se chargent', async () => {
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('référence de l’API');
    // Every script is a file of the site (script-src 'self' refuses inline ones).
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    const files = refs.filter((r) => /\.(js|css)$/.test(r));
    expect(files).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/comptoir.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/comptoir.js',
    ]);
    for (const ref of refs) expect(ref.startsWith('/api/docs')).toBe(true);
    for (const file of files) {
      const answer = await get(file);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(
        file.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      );
      expect((await answer.text()).length).toBeGreaterThan(100);
    }
    const bundle = await (await get('/api/docs/swagger-ui-bundle.js')).text();
    expect(bundle).toContain('SwaggerUIBundle');
    const start = await (await get('/api/docs/comptoir.js')).text();
    expect(start).toContain("url: '/api/docs/openapi.json'");
  });

  it('le JSON, à son adresse stable, est un document OpenAPI 3 qui nomme la page et lui-même', async () => {
    const answer = await get('/api/docs/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await answer.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { summary: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.paths['/api/docs']?.['get']?.summary).toMatch(/Référence de l’API/);
    expect(doc.paths['/api/docs/openapi.json']?.['get']).toBeDefined();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
  });
});
