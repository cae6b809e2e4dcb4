import type { FastifyInstance } from 'fastify';
import { problemSchema, uniteIdParamsSchema, uniteInputSchema, uniteListQuerySchema, unitePageSchema, uniteSchema } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { createUnite, deleteUnite, getUnite, listUnites, updateUnite } from './unites.service.js';

const TAGS = ['Unités'];
const ADMIN = ['ROLE_ADMIN'] as const;

/** Units of measure: read by every signed-in user, kept by the admin. */
export function unitesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/unites',
    summary: 'Liste paginée des unités',
    tags: TAGS,
    access: 'user',
    query: uniteListQuerySchema,
    responses: { 200: unitePageSchema, 400: problemSchema },
    handler: ({ query }) => listUnites(ctx, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/unites/:uniteId',
    summary: 'Une unité',
    tags: TAGS,
    access: 'user',
    params: uniteIdParamsSchema,
    responses: { 200: uniteSchema, 404: problemSchema },
    handler: ({ params }) => getUnite(ctx, params.uniteId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/unites',
    summary: 'Crée une unité (admin)',
    tags: TAGS,
    access: ADMIN,
    body: uniteInputSchema,
    responses: { 201: uniteSchema, 400: problemSchema, 409: problemSchema },
    handler: async ({ body, reply }) => {
      const created = await createUnite(ctx, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/api/unites/:uniteId',
    summary: 'Modifie une unité (admin)',
    tags: TAGS,
    access: ADMIN,
    params: uniteIdParamsSchema,
    body: uniteInputSchema,
    responses: { 200: uniteSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: ({ params, body }) => updateUnite(ctx, params.uniteId, body),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/unites/:uniteId',
    summary: 'Supprime une unité inutilisée (admin) ; utilisée : 409',
    tags: TAGS,
    access: ADMIN,
    params: uniteIdParamsSchema,
    responses: { 204: null, 404: problemSchema, 409: problemSchema },
    handler: async ({ params }) => {
      await deleteUnite(ctx, params.uniteId);
    },
  });
}
