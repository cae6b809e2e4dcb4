import type { FastifyInstance } from 'fastify';
import {
  depenseExportQuerySchema,
  depenseHistoriquePageSchema,
  depenseHistoriqueQuerySchema,
  depenseIdParamsSchema,
  depenseInputSchema,
  depenseListQuerySchema,
  depensePageSchema,
  depenseSchema,
  depenseUpdateSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { sendCsvExport } from '../../core/csv-export.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { shopToday } from '../../db/time.js';
import { categoriesDepensesRoutes } from './categories-depenses.routes.js';
import { createDepense } from './depenses.create.js';
import { listHistorique } from './depenses.historique.js';
import { exportDepensesCsv, listDepenses } from './depenses.list.js';
import { deleteDepense, getDepense, updateDepense } from './depenses.service.js';
import { justificatifsRoutes } from './justificatifs.routes.js';

const TAGS = ['Dépenses'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/depenses';
const ONE = `${URL}/:depenseId`;
const P404 = { 404: problemSchema };

/**
 * Expenses of a shop (docs/regles-metier.md, « Dépenses »): managers list and record them; the
 * owner of the shop edits and deletes, each change kept in the history. With the categories and
 * receipts routes.
 */
export function depensesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  categoriesDepensesRoutes(app, ctx);
  justificatifsRoutes(app, ctx);

  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Dépenses de la boutique, filtrées ; totaux par catégorie et de la période',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: depenseListQuerySchema,
    responses: { 200: depensePageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listDepenses(db, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/export.csv`,
    summary:
      'Export CSV (tableur français) des dépenses filtrées, sans pagination, envoyé au fil de l’écriture ; l’en-tête X-Total-Count donne le nombre de dépenses',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: depenseExportQuerySchema,
    responses: { 200: null, 400: problemSchema, ...P404 },
    handler: async ({ service, query, reply }) =>
      sendCsvExport(
        reply,
        `depenses-${shopToday(service)}.csv`,
        await exportDepensesCsv(db, service, query),
      ),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/depenses-historique',
    summary: 'Historique des modifications et suppressions de dépenses de la boutique',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: depenseHistoriqueQuerySchema,
    responses: { 200: depenseHistoriquePageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listHistorique(db, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Une dépense et son historique (une dépense supprimée reste lisible)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: depenseIdParamsSchema,
    responses: { 200: depenseSchema, ...P404 },
    handler: ({ service, params }) => getDepense(ctx, service.id, params.depenseId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Enregistre une dépense ; clé d’idempotence',
    tags: TAGS,
    access: STAFF,
    service: true,
    body: depenseInputSchema,
    responses: {
      201: depenseSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      const { depense, replayed } = await createDepense(ctx, service, user.id, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return depense;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: ONE,
    summary: 'Modifie une dépense (propriétaire ; avant et après dans l’historique)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: depenseIdParamsSchema,
    body: depenseUpdateSchema,
    responses: {
      200: depenseSchema,
      400: problemSchema,
      403: problemSchema,
      ...P404,
      422: problemSchema,
    },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return updateDepense(ctx, service, user.id, params.depenseId, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: ONE,
    summary: 'Supprime une dépense (propriétaire ; elle reste dans l’historique)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: depenseIdParamsSchema,
    responses: { 204: null, 403: problemSchema, ...P404 },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      await deleteDepense(ctx, service.id, user.id, params.depenseId);
      void reply.status(204);
    },
  });
}
