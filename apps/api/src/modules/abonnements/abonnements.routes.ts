import type { FastifyInstance } from 'fastify';
import {
  abonnementCreateSchema,
  abonnementIdParamsSchema,
  abonnementListQuerySchema,
  abonnementPageSchema,
  abonnementRenewSchema,
  abonnementSchema,
  abonnementUpdateSchema,
  currentSubscriptionQuerySchema,
  currentSubscriptionSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import {
  createAbonnement,
  currentSubscription,
  getAbonnement,
  listAbonnements,
  renewAbonnement,
  setSuspended,
  updateAbonnement,
} from './abonnements.service.js';
import { plansRoutes } from './plans.routes.js';

const TAGS = ['Abonnements'];
const ADMIN = ['ROLE_ADMIN'] as const;

/** Owners' subscriptions (admin) and the current status of the caller (everyone, for the banner). */
export function abonnementsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/abonnements/courant',
    summary:
      'Abonnement qui couvre l’appelant (ou la boutique `serviceId`) : statut, dates, formule, contact',
    tags: TAGS,
    access: 'user',
    query: currentSubscriptionQuerySchema,
    responses: { 200: currentSubscriptionSchema, 404: problemSchema },
    handler: ({ user, query }) => currentSubscription(ctx, user, query.serviceId),
  });

  plansRoutes(app, ctx);

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/abonnements',
    summary:
      'Liste paginée des abonnements (filtres : propriétaire, statut, expirant sous N jours)',
    tags: TAGS,
    access: ADMIN,
    query: abonnementListQuerySchema,
    responses: { 200: abonnementPageSchema, 400: problemSchema },
    handler: ({ query }) => listAbonnements(ctx, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/abonnements',
    summary:
      'Enregistre l’abonnement d’un propriétaire (dates et montant déduits de la formule par défaut)',
    tags: TAGS,
    access: ADMIN,
    body: abonnementCreateSchema,
    responses: {
      201: abonnementSchema,
      400: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, body, reply }) => {
      const created = await createAbonnement(ctx, user, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/abonnements/:abonnementId',
    summary: 'Un abonnement',
    tags: TAGS,
    access: ADMIN,
    params: abonnementIdParamsSchema,
    responses: { 200: abonnementSchema, 404: problemSchema },
    handler: ({ params }) => getAbonnement(ctx, params.abonnementId),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/api/abonnements/:abonnementId',
    summary: 'Modifie un abonnement (formule, dates, paiement)',
    tags: TAGS,
    access: ADMIN,
    params: abonnementIdParamsSchema,
    body: abonnementUpdateSchema,
    responses: {
      200: abonnementSchema,
      400: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
    },
    handler: ({ params, body }) => updateAbonnement(ctx, params.abonnementId, body),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/abonnements/:abonnementId/renouveler',
    summary:
      'Renouvelle : nouvelle période à la suite de celle-ci (ou dès aujourd’hui si elle est finie)',
    tags: TAGS,
    access: ADMIN,
    params: abonnementIdParamsSchema,
    body: abonnementRenewSchema,
    responses: {
      201: abonnementSchema,
      400: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, params, body, reply }) => {
      const created = await renewAbonnement(ctx, user, params.abonnementId, body);
      void reply.status(201);
      return created;
    },
  });

  for (const [action, suspendu] of [
    ['suspendre', true],
    ['reactiver', false],
  ] as const) {
    defineRoute(app, ctx, {
      method: 'POST',
      url: `/api/abonnements/:abonnementId/${action}`,
      summary: suspendu
        ? 'Suspend un abonnement : les modifications du propriétaire et de ses gérants sont bloquées'
        : 'Lève la suspension',
      tags: TAGS,
      access: ADMIN,
      params: abonnementIdParamsSchema,
      responses: { 200: abonnementSchema, 404: problemSchema },
      handler: ({ params }) => setSuspended(ctx, params.abonnementId, suspendu),
    });
  }
}
