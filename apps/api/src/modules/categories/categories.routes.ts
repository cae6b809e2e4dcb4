import type { FastifyInstance } from 'fastify';
import {
  categorieIdParamsSchema,
  categorieInputSchema,
  categorieListQuerySchema,
  categoriePageSchema,
  categorieSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import {
  createCategorie,
  deleteCategorie,
  getCategorie,
  listCategories,
  updateCategorie,
} from './categories.service.js';

const TAGS = ['Catégories'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/categories';

/** Product categories of a shop: managers read, create and rename; the owner also deletes. */
export function categoriesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Catégories de la boutique, avec leur nombre de produits',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: categorieListQuerySchema,
    responses: { 200: categoriePageSchema, 400: problemSchema, 404: problemSchema },
    handler: ({ service, query }) => listCategories(ctx, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/:categorieId`,
    summary: 'Une catégorie',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: categorieIdParamsSchema,
    responses: { 200: categorieSchema, 404: problemSchema },
    handler: ({ service, params }) => getCategorie(ctx, service.id, params.categorieId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Crée une catégorie (nom unique dans la boutique)',
    tags: TAGS,
    access: STAFF,
    service: true,
    body: categorieInputSchema,
    responses: { 201: categorieSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: async ({ service, body, reply }) => {
      const created = await createCategorie(ctx, service.id, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: `${URL}/:categorieId`,
    summary: 'Renomme une catégorie',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: categorieIdParamsSchema,
    body: categorieInputSchema,
    responses: { 200: categorieSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: ({ service, params, body }) =>
      updateCategorie(ctx, service.id, params.categorieId, body),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: `${URL}/:categorieId`,
    summary: 'Supprime une catégorie inutilisée (propriétaire) ; utilisée : 409',
    tags: TAGS,
    access: ['ROLE_PROPRIETAIRE'],
    service: true,
    params: categorieIdParamsSchema,
    responses: { 204: null, 403: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: async ({ user, service, params }) => {
      requireShopOwner(user, service);
      await deleteCategorie(ctx, service.id, params.categorieId);
    },
  });
}
