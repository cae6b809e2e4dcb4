import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { PHOTO_MAX_BYTES } from '@comptoir/shared';
import type { Config } from './config/env.js';
import type { AppContext } from './core/context.js';
import { frameworkErrors, registerErrorHandling } from './core/error-handler.js';
import { docsRoutes } from './core/docs-routes.js';
import { assertRoutesDeclared, defineRoute } from './core/route.js';
import { registerXsrf } from './core/xsrf.js';
import { registerControlCharacterCheck } from './core/control-characters.js';
import { registerCompression, serveWebApp } from './web-delivery.js';
import type { Database } from './db/database.js';
import { scheduleStatistics } from './db/statistics.js';
import { runWithClock, systemClock, type Clock } from './db/time.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { schedulePurge } from './modules/auth/purge.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { abonnementsRoutes } from './modules/abonnements/abonnements.routes.js';
import { typesVentesRoutes } from './modules/types-ventes/types-ventes.routes.js';
import { unitesRoutes } from './modules/unites/unites.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { categoriesRoutes } from './modules/categories/categories.routes.js';
import { marquesRoutes } from './modules/marques/marques.routes.js';
import { produitsRoutes } from './modules/produits/produits.routes.js';
import { etiquettesRoutes } from './modules/etiquettes/etiquettes.routes.js';
import { clientsRoutes } from './modules/clients/clients.routes.js';
import { fournisseursRoutes } from './modules/fournisseurs/fournisseurs.routes.js';
import { retoursRoutes } from './modules/retours/retours.routes.js';
import { dettesRoutes } from './modules/dettes/dettes.routes.js';
import { ventesRoutes } from './modules/ventes/ventes.routes.js';
import { depensesRoutes } from './modules/depenses/depenses.routes.js';
import { achatsRoutes } from './modules/achats/achats.routes.js';
import { dettesFournisseursRoutes } from './modules/achats/dettes-fournisseurs.routes.js';
import { tableauRoutes } from './modules/tableau/tableau.routes.js';
import { rapportsRoutes } from './modules/rapports/rapports.routes.js';
import { inventairesRoutes } from './modules/inventaires/inventaires.routes.js';
import { caissesRoutes } from './modules/caisses/caisses.routes.js';
import { facturesRoutes } from './modules/factures/factures.routes.js';
import { devisRoutes } from './modules/devis/devis.routes.js';
import { journalRoutes } from './modules/journal/journal.routes.js';
import { synchroRoutes } from './modules/synchro/synchro.routes.js';
import { scheduleClotures } from './modules/journal/journal.housekeeping.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Structured JSON logs; never a token, a cookie or a password. */
const loggerOptions = (level: string, stream?: NodeJS.WritableStream) => ({
  level,
  ...(stream ? { stream } : {}),
  redact: {
    // Fastify's own request lines carry no header nor body; these cover any line that logs them
    // (`{ headers }`, `{ req: { headers } }`, `{ body }`…).
    paths: [
      'headers.authorization',
      'headers.cookie',
      'headers["x-xsrf-token"]',
      'headers["set-cookie"]',
      '*.headers.authorization',
      '*.headers.cookie',
      '*.headers["x-xsrf-token"]',
      '*.headers["set-cookie"]',
      '*.password',
      '*.newPassword',
      '*.currentPassword',
      '*.refreshToken',
      '*.token',
    ],
    censor: '[masqué]',
  },
  serializers: {
    // Fastify's request line, with the secrets a URL may carry masked (a reset link's `?key=`).
    req: (request: { method: string; url: string; ip: string; host?: string }) => ({
      method: request.method,
      url: maskUrlSecrets(request.url),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
});

/** `?key=…`, `?token=…`, `?refreshToken=…` of a URL replaced before it is logged. */
export const maskUrlSecrets = (url: string): string =>
  url.replace(/([?&](?:key|token|refreshToken)=)[^&#]*/gi, '$1[masqué]');

export interface BuildOptions {
  mailer?: Mailer;
  /** Where the JSON log goes (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /** The current time of every request (db/time.ts); the system clock by default. */
  clock?: Clock;
  /** Writes between two looks for stale planner statistics (db/statistics.ts). */
  statisticsEveryWrites?: number;
}

/** Content-Security-Policy of the web app: own scripts only; PrimeReact sets inline styles. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts the peer and the n − 1 proxies before it
 * (Fastify's own number support trusts none): the client address is the n-th from the right of
 * X-Forwarded-For, whatever a client writes to its left.
 */
const trustedProxies = (t: Config['trustProxy']) =>
  typeof t === 'number' ? (_address: string, hop: number) => hop < t : t;

export async function buildApp(
  config: Config,
  database: Database,
  options: BuildOptions = {},
): Promise<BuiltApp> {
  const { mailer } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  const ctx: AppContext = {
    config,
    database,
    mailer: mailer ?? createMailer(config, app.log),
    routes: [],
    clock: options.clock ?? systemClock,
  };
  // On the system clock, a request needs no context of its own (db/time.ts).
  if (ctx.clock !== systemClock)
    app.addHook('onRequest', (_request, _reply, done) => runWithClock(ctx.clock, done));
  // Every route the app registers, to check below that each /api route went through defineRoute.
  const fastifyRoutes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) fastifyRoutes.push({ method, url: route.url });
  });

  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 },
  });
  registerErrorHandling(app);
  registerXsrf(app, config.publicUrl.startsWith('https://'));
  registerControlCharacterCheck(app);
  // Served over https: browsers keep to it for a year (HSTS). API answers are never cached (they
  // carry a shop's figures and personal data); files and hashed assets set their own caching.
  // A callback hook: it runs on every answer and has nothing to wait for.
  const https = config.publicUrl.startsWith('https://');
  app.addHook('onSend', (request, reply, payload, done) => {
    const api = request.url.startsWith('/api/');
    if (!api) reply.header('content-security-policy', CSP);
    else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    done(null, payload);
  });

  authRoutes(app, ctx);
  schedulePurge(app, ctx);
  scheduleClotures(app, ctx);
  scheduleStatistics(app, database, options.statisticsEveryWrites);
  accountRoutes(app, ctx);
  filesRoutes(app, ctx);
  servicesRoutes(app, ctx);
  usersRoutes(app, ctx);
  invitationsRoutes(app, ctx);
  abonnementsRoutes(app, ctx);
  unitesRoutes(app, ctx);
  typesVentesRoutes(app, ctx);
  categoriesRoutes(app, ctx);
  marquesRoutes(app, ctx);
  produitsRoutes(app, ctx);
  etiquettesRoutes(app, ctx);
  clientsRoutes(app, ctx);
  fournisseursRoutes(app, ctx);
  retoursRoutes(app, ctx);
  dettesRoutes(app, ctx);
  ventesRoutes(app, ctx);
  depensesRoutes(app, ctx);
  achatsRoutes(app, ctx);
  dettesFournisseursRoutes(app, ctx);
  tableauRoutes(app, ctx);
  rapportsRoutes(app, ctx);
  inventairesRoutes(app, ctx);
  caissesRoutes(app, ctx);
  facturesRoutes(app, ctx);
  devisRoutes(app, ctx);
  journalRoutes(app, ctx);
  synchroRoutes(app, ctx);

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/health',
    summary: 'État du service',
    tags: ['Système'],
    access: 'public',
    responses: { 200: null },
    handler: async () => {
      await database.db.selectFrom('users').select('id').limit(1).execute();
      return { status: 'ok' };
    },
  });
  docsRoutes(app, ctx);

  await serveWebApp(app, config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist'));

  assertRoutesDeclared(fastifyRoutes, ctx.routes);
  return { app, ctx };
}
