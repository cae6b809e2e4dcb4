import type { FastifyInstance } from 'fastify';
import {
  fournisseurIdParamsSchema,
  fournisseurInputSchema,
  fournisseurListQuerySchema,
  fournisseurPageSchema,
  fournisseurSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import {
  createFournisseur,
  deleteFournisseur,
  getFournisseur,
  listFournisseurs,
  updateFournisseur,
} from './fournisseurs.service.js';

const TAGS = ['Fournisseurs'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/fournisseurs';
const ONE = `${URL}/:fournisseurId`;

/** Suppliers of a shop: the owner only (docs/regles-metier.md). */
export function fournisseursRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Fournisseurs de la boutique (propriétaire) : pages, tri, recherche',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: fournisseurListQuerySchema,
    responses: {
      200: fournisseurPageSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
    },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return listFournisseurs(ctx, service.id, query);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Un fournisseur (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: fournisseurIdParamsSchema,
    responses: { 200: fournisseurSchema, 403: problemSchema, 404: problemSchema },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return getFournisseur(ctx, service.id, params.fournisseurId);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Crée un fournisseur (propriétaire ; doublon probable : 409 sauf confirmerDoublon)',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: fournisseurInputSchema,
    responses: {
      201: fournisseurSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const created = await createFournisseur(ctx, service, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: ONE,
    summary: 'Modifie un fournisseur (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: fournisseurIdParamsSchema,
    body: fournisseurInputSchema,
    responses: {
      200: fournisseurSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
    },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return updateFournisseur(ctx, service, params.fournisseurId, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: ONE,
    summary: 'Supprime un fournisseur sans document (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: fournisseurIdParamsSchema,
    responses: { 204: null, 403: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: async ({ user, service, params }) => {
      requireShopOwner(user, service);
      await deleteFournisseur(ctx, service.id, params.fournisseurId);
    },
  });
}
