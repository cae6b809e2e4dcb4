import type { FastifyInstance } from 'fastify';
import {
  planIdParamsSchema,
  planInputSchema,
  planListQuerySchema,
  planPageSchema,
  planSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import {
  createPlan,
  deletePlan,
  getPlan,
  listPlans,
  retirePlan,
  updatePlan,
} from './plans.service.js';

const TAGS = ['Abonnements'];
const ADMIN = ['ROLE_ADMIN'] as const;

/** Plans (formules), admin only. */
export function plansRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/abonnements/plans',
    summary: 'Liste paginée des formules',
    tags: TAGS,
    access: ADMIN,
    query: planListQuerySchema,
    responses: { 200: planPageSchema, 400: problemSchema },
    handler: ({ query }) => listPlans(ctx, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/abonnements/plans',
    summary: 'Crée une formule',
    tags: TAGS,
    access: ADMIN,
    body: planInputSchema,
    responses: { 201: planSchema, 400: problemSchema },
    handler: async ({ body, reply }) => {
      const created = await createPlan(ctx, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/abonnements/plans/:planId',
    summary: 'Une formule',
    tags: TAGS,
    access: ADMIN,
    params: planIdParamsSchema,
    responses: { 200: planSchema, 404: problemSchema },
    handler: ({ params }) => getPlan(ctx, params.planId),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/api/abonnements/plans/:planId',
    summary: 'Modifie une formule (les abonnements passés gardent leurs dates et montants)',
    tags: TAGS,
    access: ADMIN,
    params: planIdParamsSchema,
    body: planInputSchema,
    responses: { 200: planSchema, 400: problemSchema, 404: problemSchema },
    handler: ({ params, body }) => updatePlan(ctx, params.planId, body),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/abonnements/plans/:planId/retirer',
    summary:
      'Retire une formule : elle reste sur les abonnements passés et ne peut plus être choisie',
    tags: TAGS,
    access: ADMIN,
    params: planIdParamsSchema,
    responses: { 200: planSchema, 404: problemSchema },
    handler: ({ params }) => retirePlan(ctx, params.planId),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/abonnements/plans/:planId',
    summary: 'Supprime une formule qui ne figure sur aucun abonnement ; sinon 409',
    tags: TAGS,
    access: ADMIN,
    params: planIdParamsSchema,
    responses: { 204: null, 404: problemSchema, 409: problemSchema },
    handler: async ({ params }) => {
      await deletePlan(ctx, params.planId);
    },
  });
}
