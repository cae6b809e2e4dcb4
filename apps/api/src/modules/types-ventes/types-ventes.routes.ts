import type { FastifyInstance } from 'fastify';
import {
  typeVenteIdParamsSchema,
  typeVenteInputSchema,
  typeVenteListQuerySchema,
  typeVentePageSchema,
  typeVenteSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { referenceListRoutes } from '../../core/reference-routes.js';
import {
  createTypeVente,
  deleteTypeVente,
  getTypeVente,
  listTypesVentes,
  updateTypeVente,
} from './types-ventes.service.js';

/** Sale types: read by every signed-in user, kept by the admin. */
export function typesVentesRoutes(app: FastifyInstance, ctx: AppContext): void {
  referenceListRoutes(app, ctx, {
    base: '/api/types-ventes',
    idParam: 'typeVenteId',
    tag: 'Types de vente',
    labels: {
      list: 'Liste paginée des types de vente',
      get: 'Un type de vente',
      create: 'Crée un type de vente (admin)',
      update: 'Modifie un type de vente (admin)',
      delete: 'Supprime un type de vente inutilisé (admin) ; utilisé : 409',
    },
    schemas: {
      params: typeVenteIdParamsSchema,
      query: typeVenteListQuerySchema,
      body: typeVenteInputSchema,
      item: typeVenteSchema,
      page: typeVentePageSchema,
    },
    service: {
      list: listTypesVentes,
      get: getTypeVente,
      create: createTypeVente,
      update: updateTypeVente,
      remove: deleteTypeVente,
    },
  });
}
