import type { FastifyInstance } from 'fastify';
import {
  categorieDepenseIdParamsSchema,
  categorieDepenseInputSchema,
  categorieDepenseListSchema,
  categorieDepenseSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import {
  createCategorieDepense,
  listCategoriesDepenses,
  renameCategorieDepense,
} from './depenses.categories.js';

const TAGS = ['Dépenses'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/categories-depenses';

/** Expense categories: managers read them (to record), the owner adds and renames. */
export function categoriesDepensesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary:
      'Catégories de dépenses de la boutique (les catégories par défaut à la première lecture)',
    tags: TAGS,
    access: STAFF,
    service: true,
    responses: { 200: categorieDepenseListSchema, 404: problemSchema },
    handler: ({ service }) => listCategoriesDepenses(ctx, service.id),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Ajoute une catégorie de dépenses (propriétaire ; nom unique dans la boutique)',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: categorieDepenseInputSchema,
    responses: {
      201: categorieDepenseSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const created = await createCategorieDepense(ctx, service.id, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: `${URL}/:categorieDepenseId`,
    summary: 'Renomme une catégorie de dépenses (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: categorieDepenseIdParamsSchema,
    body: categorieDepenseInputSchema,
    responses: {
      200: categorieDepenseSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
    },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return renameCategorieDepense(ctx, service.id, params.categorieDepenseId, body);
    },
  });
}
