import type { FastifyInstance } from 'fastify';
import {
  clientIdParamsSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import {
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from './clients.service.js';

const TAGS = ['Clients'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/clients';
const ONE = `${URL}/:clientId`;

/** Customers of a shop: managers and the owner (docs/regles-metier.md). */
export function clientsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Clients de la boutique : pages, tri, recherche (nom sans accents, téléphone, e-mail)',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: clientListQuerySchema,
    responses: { 200: clientPageSchema, 400: problemSchema, 404: problemSchema },
    handler: ({ service, query }) => listClients(ctx, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Un client',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: clientIdParamsSchema,
    responses: { 200: clientSchema, 404: problemSchema },
    handler: ({ service, params }) => getClient(ctx, service.id, params.clientId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Crée un client (téléphone en E.164 ; doublon probable : 409 sauf confirmerDoublon)',
    tags: TAGS,
    access: STAFF,
    service: true,
    body: clientInputSchema,
    responses: { 201: clientSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: async ({ service, body, reply }) => {
      const created = await createClient(ctx, service, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: ONE,
    summary: 'Modifie un client (mêmes règles)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: clientIdParamsSchema,
    body: clientInputSchema,
    responses: { 200: clientSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: ({ service, params, body }) => updateClient(ctx, service, params.clientId, body),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: ONE,
    summary: 'Supprime un client sans document',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: clientIdParamsSchema,
    responses: { 204: null, 404: problemSchema, 409: problemSchema },
    handler: async ({ service, params }) => {
      await deleteClient(ctx, service.id, params.clientId);
    },
  });
}
