import type { FastifyInstance } from 'fastify';
import { problemSchema, venteIdParamsSchema, venteInputSchema, venteSchema } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { createVente } from './ventes.create.js';
import { readVente } from './ventes.read.js';

const TAGS = ['Ventes'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/ventes';
const ONE = `${URL}/:venteId`;
const P404 = { 404: problemSchema };

/** Sales of a shop: the owner and the managers of the shop sell, list, look up and print. */
export function ventesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST', url: URL,
    summary: 'Enregistre une vente (prix du type de vente, paiements, reste en dette, stock, numéro sans trou) ; clé d’idempotence : un nouvel envoi renvoie la première vente',
    tags: TAGS, access: STAFF, service: true, body: venteInputSchema,
    responses: { 201: venteSchema, 400: problemSchema, ...P404, 409: problemSchema, 422: problemSchema },
    handler: async ({ user, service, body, reply }) => {
      const { vente, replayed } = await createVente(ctx, user.id, service, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return vente;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET', url: ONE, summary: 'Une vente : lignes, paiements, dette, retours', tags: TAGS,
    access: STAFF, service: true, params: venteIdParamsSchema,
    responses: { 200: venteSchema, ...P404 },
    handler: ({ service, params }) => readVente(ctx.database.db, service.id, params.venteId, service.devise),
  });
}
