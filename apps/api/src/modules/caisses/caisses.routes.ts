import type { FastifyInstance } from 'fastify';
import {
  caisseIdParamsSchema,
  caisseInputSchema,
  caisseListSchema,
  caisseSchema,
  caisseSessionDetailSchema,
  caisseSessionIdParamsSchema,
  caisseSessionListQuerySchema,
  caisseSessionPageSchema,
  clotureInputSchema,
  mouvementCaisseInputSchema,
  mouvementCaisseSchema,
  ouvertureInputSchema,
  problemSchema,
  rapportPdfQuerySchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { closeSession } from './caisses.cloture.js';
import { recordMouvement } from './caisses.mouvements.js';
import { sessionRapportPdf } from './caisses.pdf.js';
import { listSessions } from './caisses.repository.js';
import { createCaisse, listCaisses, openSession, sessionDetail } from './caisses.service.js';

const TAGS = ['Caisses'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/caisses';
const SESSIONS = '/api/services/:serviceId/caisse-sessions';
const SESSION = `${SESSIONS}/:sessionId`;
const P404 = { 404: problemSchema };

/**
 * Registers and their sessions (docs/regles-metier.md « Caisses et sessions »): the owner creates
 * registers; the owner and the managers open sessions, record cash in and out, read X reports and
 * close with a Z report.
 */
export function caissesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Caisses de la boutique et leur session ouverte (« Caisse 1 » au moins)',
    tags: TAGS,
    access: STAFF,
    service: true,
    responses: { 200: caisseListSchema, ...P404 },
    handler: ({ service }) => listCaisses(db, service.id),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Crée une caisse (propriétaire) : nom unique dans la boutique, largeur du ticket',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: caisseInputSchema,
    responses: {
      201: caisseSchema,
      400: problemSchema,
      403: problemSchema,
      ...P404,
      409: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      void reply.status(201);
      return createCaisse(db, service.id, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${URL}/:caisseId/sessions`,
    summary:
      'Ouvre une session sur la caisse avec le fond de caisse compté ; une seule session ouverte par caisse (409)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseIdParamsSchema,
    body: ouvertureInputSchema,
    responses: { 201: caisseSessionDetailSchema, 400: problemSchema, ...P404, 409: problemSchema },
    handler: async ({ user, service, params, body, reply }) => {
      void reply.status(201);
      return openSession(ctx, service.id, user.id, params.caisseId, body.fond);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: SESSIONS,
    summary:
      'Sessions de toutes les caisses de la boutique, de la plus récente à la plus ancienne, avec leur écart',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: caisseSessionListQuerySchema,
    responses: { 200: caisseSessionPageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listSessions(db, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: SESSION,
    summary:
      'Une session : rapport X (calculé maintenant, ne change rien) tant qu’elle est ouverte, rapport Z figé une fois clôturée, mouvements de caisse',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseSessionIdParamsSchema,
    responses: { 200: caisseSessionDetailSchema, ...P404 },
    handler: ({ service, params }) => sessionDetail(db, service.id, params.sessionId),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${SESSION}/rapport.pdf`,
    summary: 'Rapport X ou Z de la session en PDF : ticket 80 ou 58 mm, ou A4',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseSessionIdParamsSchema,
    query: rapportPdfQuerySchema,
    responses: { 200: null, 400: problemSchema, ...P404 },
    handler: async ({ service, params, query, reply }) => {
      const { pdf, name } = await sessionRapportPdf(db, service, params.sessionId, query.format);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="rapport-${name}.pdf"`)
        .send(pdf);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${SESSION}/mouvements`,
    summary:
      'Apport, retrait ou dépense payée en caisse (la dépense est enregistrée aussi), avec son motif et son numéro ; clé d’idempotence',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseSessionIdParamsSchema,
    body: mouvementCaisseInputSchema,
    responses: {
      201: mouvementCaisseSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      const { mouvement, replayed } = await recordMouvement(
        ctx,
        service,
        user.id,
        params.sessionId,
        body,
      );
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return mouvement;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${SESSION}/cloture`,
    summary:
      'Clôture la session : espèces comptées par coupure, totaux des autres modes, écart par mode (motif obligatoire au-delà du seuil), rapport Z numéroté et figé',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseSessionIdParamsSchema,
    body: clotureInputSchema,
    responses: {
      200: caisseSessionDetailSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: ({ user, service, params, body }) =>
      closeSession(ctx, service, user.id, params.sessionId, body),
  });
}
