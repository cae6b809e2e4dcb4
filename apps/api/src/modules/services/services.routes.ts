import type { FastifyInstance } from 'fastify';
import { problemSchema, serviceIdParamsSchema, serviceSummarySchema, type ServiceSummary } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';

/** Shops. This issue gives members the summary of a shop; the accounts issue adds the rest. */
export function servicesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId',
    summary: 'Résumé d’une boutique (nom, devise, ville, pays)',
    tags: ['Boutiques'],
    access: 'user',
    service: true,
    params: serviceIdParamsSchema,
    responses: { 200: serviceSummarySchema, 404: problemSchema },
    handler: async ({ service }): Promise<ServiceSummary> => ({
      id: service.id,
      nom: service.nom,
      devise: service.devise,
      ville: service.ville,
      pays: service.pays,
    }),
  });
}
