import type { FastifyInstance } from 'fastify';
import {
  problemSchema, typeVenteIdParamsSchema, typeVenteInputSchema, typeVenteListQuerySchema, typeVentePageSchema, typeVenteSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { createTypeVente, deleteTypeVente, getTypeVente, listTypesVentes, updateTypeVente } from './types-ventes.service.js';

const TAGS = ['Types de vente'];
const ADMIN = ['ROLE_ADMIN'] as const;

/** Sale types: read by every signed-in user, kept by the admin. */
export function typesVentesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/types-ventes',
    summary: 'Liste paginée des types de vente',
    tags: TAGS,
    access: 'user',
    query: typeVenteListQuerySchema,
    responses: { 200: typeVentePageSchema, 400: problemSchema },
    handler: ({ query }) => listTypesVentes(ctx, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/types-ventes/:typeVenteId',
    summary: 'Un type de vente',
    tags: TAGS,
    access: 'user',
    params: typeVenteIdParamsSchema,
    responses: { 200: typeVenteSchema, 404: problemSchema },
    handler: ({ params }) => getTypeVente(ctx, params.typeVenteId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/types-ventes',
    summary: 'Crée un type de vente (admin)',
    tags: TAGS,
    access: ADMIN,
    body: typeVenteInputSchema,
    responses: { 201: typeVenteSchema, 400: problemSchema, 409: problemSchema },
    handler: async ({ body, reply }) => {
      const created = await createTypeVente(ctx, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/api/types-ventes/:typeVenteId',
    summary: 'Modifie un type de vente (admin)',
    tags: TAGS,
    access: ADMIN,
    params: typeVenteIdParamsSchema,
    body: typeVenteInputSchema,
    responses: { 200: typeVenteSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: ({ params, body }) => updateTypeVente(ctx, params.typeVenteId, body),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/types-ventes/:typeVenteId',
    summary: 'Supprime un type de vente inutilisé (admin) ; utilisé : 409',
    tags: TAGS,
    access: ADMIN,
    params: typeVenteIdParamsSchema,
    responses: { 204: null, 404: problemSchema, 409: problemSchema },
    handler: async ({ params }) => {
      await deleteTypeVente(ctx, params.typeVenteId);
    },
  });
}
