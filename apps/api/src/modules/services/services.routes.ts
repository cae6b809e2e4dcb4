import type { FastifyInstance } from 'fastify';
import {
  problemSchema,
  serviceDetailSchema,
  serviceIdParamsSchema,
  serviceInputSchema,
  serviceListQuerySchema,
  servicePageSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import {
  createService,
  listServices,
  removeLogo,
  saveLogo,
  serviceDetail,
  setServiceActive,
  updateService,
} from './services.service.js';

const TAGS = ['Boutiques'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const ADMIN = ['ROLE_ADMIN'] as const;

/** Shops: the owner creates and edits theirs, members read them, the admin reads and disables any. */
export function servicesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services',
    summary:
      'Liste paginée des boutiques (admin : toutes, avec leur propriétaire ; sinon : celles que l’on possède ou où l’on travaille)',
    tags: TAGS,
    access: 'user',
    query: serviceListQuerySchema,
    responses: { 200: servicePageSchema, 400: problemSchema },
    handler: ({ user, query }) => listServices(ctx, user, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/services',
    summary: 'Crée une boutique du propriétaire connecté (dans la limite de sa formule)',
    tags: TAGS,
    access: OWNER,
    body: serviceInputSchema,
    responses: { 201: serviceDetailSchema, 400: problemSchema, 422: problemSchema },
    handler: async ({ user, body, reply }) => {
      const created = await createService(ctx, user, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId',
    summary: 'Une boutique, tous ses champs',
    tags: TAGS,
    access: 'user',
    service: true,
    params: serviceIdParamsSchema,
    responses: { 200: serviceDetailSchema, 404: problemSchema },
    handler: ({ service }) => serviceDetail(ctx, service.id),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/api/services/:serviceId',
    summary:
      'Modifie une boutique (son propriétaire) ; la devise est figée dès le premier document chiffré',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: serviceIdParamsSchema,
    body: serviceInputSchema,
    responses: {
      200: serviceDetailSchema,
      400: problemSchema,
      404: problemSchema,
      422: problemSchema,
    },
    handler: ({ user, service, body }) => updateService(ctx, user, service, body),
  });

  for (const [action, active] of [
    ['desactiver', false],
    ['activer', true],
  ] as const) {
    defineRoute(app, ctx, {
      method: 'POST',
      url: `/api/services/:serviceId/${action}`,
      summary: active
        ? 'Réactive une boutique (admin)'
        : 'Désactive une boutique (admin) : elle disparaît du sélecteur de ses membres',
      tags: TAGS,
      access: ADMIN,
      service: true,
      params: serviceIdParamsSchema,
      responses: { 200: serviceDetailSchema, 404: problemSchema },
      handler: ({ service }) => setServiceActive(ctx, service, active),
    });
  }

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/services/:serviceId/logo',
    summary:
      'Envoie le logo de la boutique (image JPEG, PNG, WebP ou GIF, 5 Mo au plus), ramené dans 512 × 512',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: serviceIdParamsSchema,
    multipart: true,
    responses: {
      200: serviceDetailSchema,
      400: problemSchema,
      404: problemSchema,
      413: problemSchema,
      415: problemSchema,
    },
    handler: ({ user, service, request }) => saveLogo(ctx, user, service, request),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/services/:serviceId/logo',
    summary: 'Supprime le logo de la boutique',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: serviceIdParamsSchema,
    responses: { 200: serviceDetailSchema, 404: problemSchema },
    handler: ({ user, service }) => removeLogo(ctx, user, service),
  });
}
