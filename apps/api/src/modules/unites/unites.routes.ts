import type { FastifyInstance } from 'fastify';
import {
  uniteIdParamsSchema,
  uniteInputSchema,
  uniteListQuerySchema,
  unitePageSchema,
  uniteSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { referenceListRoutes } from '../../core/reference-routes.js';
import { createUnite, deleteUnite, getUnite, listUnites, updateUnite } from './unites.service.js';

/** Units of measure: read by every signed-in user, kept by the admin. */
export function unitesRoutes(app: FastifyInstance, ctx: AppContext): void {
  referenceListRoutes(app, ctx, {
    base: '/api/unites',
    idParam: 'uniteId',
    tag: 'Unités',
    labels: {
      list: 'Liste paginée des unités',
      get: 'Une unité',
      create: 'Crée une unité (admin)',
      update: 'Modifie une unité (admin)',
      delete: 'Supprime une unité inutilisée (admin) ; utilisée : 409',
    },
    schemas: {
      params: uniteIdParamsSchema,
      query: uniteListQuerySchema,
      body: uniteInputSchema,
      item: uniteSchema,
      page: unitePageSchema,
    },
    service: {
      list: listUnites,
      get: getUnite,
      create: createUnite,
      update: updateUnite,
      remove: deleteUnite,
    },
  });
}
