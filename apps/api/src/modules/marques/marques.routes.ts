import type { FastifyInstance } from 'fastify';
import {
  marqueIdParamsSchema,
  marqueInputSchema,
  marqueListQuerySchema,
  marquePageSchema,
  marqueSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import {
  createMarque,
  deleteMarque,
  getMarque,
  listMarques,
  updateMarque,
} from './marques.service.js';

const TAGS = ['Marques'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/marques';

/** Brands of a shop: the owner only (docs/regles-metier.md). */
export function marquesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Marques de la boutique, avec leur nombre de produits (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: marqueListQuerySchema,
    responses: {
      200: marquePageSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
    },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return listMarques(ctx, service.id, query);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/:marqueId`,
    summary: 'Une marque (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: marqueIdParamsSchema,
    responses: { 200: marqueSchema, 403: problemSchema, 404: problemSchema },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return getMarque(ctx, service.id, params.marqueId);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Crée une marque (propriétaire, nom unique dans la boutique)',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: marqueInputSchema,
    responses: {
      201: marqueSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const created = await createMarque(ctx, service.id, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: `${URL}/:marqueId`,
    summary: 'Renomme une marque (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: marqueIdParamsSchema,
    body: marqueInputSchema,
    responses: {
      200: marqueSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
    },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return updateMarque(ctx, service.id, params.marqueId, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: `${URL}/:marqueId`,
    summary: 'Supprime une marque inutilisée (propriétaire) ; utilisée : 409',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: marqueIdParamsSchema,
    responses: { 204: null, 403: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: async ({ user, service, params }) => {
      requireShopOwner(user, service);
      await deleteMarque(ctx, service.id, params.marqueId);
    },
  });
}
