import type { FastifyInstance } from 'fastify';
import {
  idOf,
  problemSchema,
  retourInputSchema,
  retourSchema,
  venteIdParamsSchema,
} from '@comptoir/shared';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { createRetour } from './retours.create.js';
import { getRetour, listRetours } from './retours.service.js';

const TAGS = ['Retours'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const VENTE = '/api/services/:serviceId/ventes/:venteId/retours';
const retourIdParamsSchema = z.object({ retourId: idOf('du retour') });

/** Returns of sales: the owner and the managers of the shop (docs/regles-metier.md). */
export function retoursRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: VENTE,
    summary:
      'Retour de lignes d’une vente (numéroté R-AAAA-NNNNNN) : stock rendu, dette réduite d’abord, puis remboursement ou avoir ; clé d’idempotence',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: venteIdParamsSchema,
    body: retourInputSchema,
    responses: {
      201: retourSchema,
      400: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      const { retour, replayed } = await createRetour(ctx, service, user.id, params.venteId, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return retour;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: VENTE,
    summary: 'Retours d’une vente, du plus ancien au plus récent',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: venteIdParamsSchema,
    responses: { 200: z.array(retourSchema), 404: problemSchema },
    handler: ({ service, params }) => listRetours(ctx, service.id, params.venteId),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/retours/:retourId',
    summary: 'Un retour',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: retourIdParamsSchema,
    responses: { 200: retourSchema, 404: problemSchema },
    handler: ({ service, params }) => getRetour(ctx, service.id, params.retourId),
  });
}
