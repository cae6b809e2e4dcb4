import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { buildOpenApi } from './openapi.js';
import { defineRoute } from './route.js';

/**
 * The API's reference (issue 15): `/api/docs` is a readable page, Swagger UI served from the
 * bundle (the swagger-ui-dist package: nothing from a CDN, works offline), reading the OpenAPI
 * document at its stable address `/api/docs/openapi.json`. The page keeps the web app's
 * Content-Security-Policy (own scripts only): its start-up script is a file, not inline.
 */
export const OPENAPI_JSON = '/api/docs/openapi.json';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

const PAGE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Comptoir — référence de l’API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/comptoir.css" />
  </head>
  <body>
    <header class="comptoir-docs">
      <strong>Comptoir</strong> — référence de l’API
      <a href="${OPENAPI_JSON}">Document OpenAPI (JSON)</a>
    </header>
    <main id="swagger-ui">
      <noscript>Cette page a besoin de JavaScript ; le document OpenAPI se lit aussi à
      <a href="${OPENAPI_JSON}">${OPENAPI_JSON}</a>.</noscript>
    </main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/comptoir.js"></script>
  </body>
</html>
`;

// Swagger UI has no French of its own: the titles and summaries of the document are French.
const START = `window.ui = SwaggerUIBundle({
  url: '${OPENAPI_JSON}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  filter: true,
  validatorUrl: null,
  supportedSubmitMethods: ['get'],
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

// The app's colours and font (apps/web: PrimeReact lara-light-blue), above Swagger UI's own.
const STYLE = `body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.comptoir-docs { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline;
  padding: 0.75rem 1.25rem; background: #1e3a8a; color: #fff; font-size: 1.05rem; }
.comptoir-docs a { color: #bfdbfe; }
.swagger-ui .info .title, .swagger-ui .opblock-tag { font-family: inherit; }
`;

const require = createRequire(import.meta.url);
const assets = new Map<string, string>();
/** A file of swagger-ui-dist, read once. */
const swaggerFile = (name: string) => {
  let text = assets.get(name);
  if (text === undefined) {
    text = readFileSync(require.resolve(`swagger-ui-dist/${name}`), 'utf8');
    assets.set(name, text);
  }
  return text;
};

const FILES: Array<{ name: string; type: string; summary: string; content: () => string }> = [
  {
    name: 'swagger-ui-bundle.js',
    type: 'text/javascript; charset=utf-8',
    summary: 'Script de Swagger UI (servi avec l’application)',
    content: () => swaggerFile('swagger-ui-bundle.js'),
  },
  {
    name: 'swagger-ui.css',
    type: 'text/css; charset=utf-8',
    summary: 'Styles de Swagger UI',
    content: () => swaggerFile('swagger-ui.css'),
  },
  {
    name: 'comptoir.js',
    type: 'text/javascript; charset=utf-8',
    summary: 'Démarrage de la page de référence',
    content: () => START,
  },
  {
    name: 'comptoir.css',
    type: 'text/css; charset=utf-8',
    summary: 'Styles de Comptoir pour la page de référence',
    content: () => STYLE,
  },
];

export function docsRoutes(app: FastifyInstance, ctx: AppContext): void {
  let openApi: Record<string, unknown> | undefined;
  defineRoute(app, ctx, {
    method: 'GET',
    url: OPENAPI_JSON,
    summary: 'Ce document OpenAPI (JSON)',
    tags: ['Système'],
    access: 'public',
    responses: { 200: null },
    handler: async () => (openApi ??= buildOpenApi(ctx.routes)),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/docs',
    summary: 'Référence de l’API, lisible dans un navigateur (Swagger UI)',
    tags: ['Système'],
    access: 'public',
    responses: { 200: null },
    handler: async ({ reply }) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', CSP)
        .send(PAGE),
  });

  for (const file of FILES)
    defineRoute(app, ctx, {
      method: 'GET',
      url: `/api/docs/${file.name}`,
      summary: file.summary,
      tags: ['Système'],
      access: 'public',
      responses: { 200: null },
      handler: async ({ reply }) =>
        reply
          .header('content-type', file.type)
          .header('cache-control', 'public, max-age=3600')
          .send(file.content()),
    });
}
