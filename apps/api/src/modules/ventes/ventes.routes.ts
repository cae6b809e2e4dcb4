import type { FastifyInstance } from 'fastify';
import {
  impressionSchema,
  problemSchema,
  ticketQuerySchema,
  venteExportQuerySchema,
  venteIdParamsSchema,
  venteInputSchema,
  venteListQuerySchema,
  venteMouvementSchema,
  ventePageSchema,
  venteSchema,
} from '@comptoir/shared';
import { z } from 'zod';
import { shopToday } from '../../db/time.js';
import type { AppContext } from '../../core/context.js';
import { sendCsvExport } from '../../core/csv-export.js';
import { defineRoute } from '../../core/route.js';
import { createVente } from './ventes.create.js';
import { exportVentesCsv } from './ventes.export.js';
import { listVentes } from './ventes.list.js';
import { readVente } from './ventes.read.js';
import { recordImpression, venteMouvements } from './ventes.service.js';
import { ticketPdf } from './ventes.ticket.js';

const TAGS = ['Ventes'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/ventes';
const ONE = `${URL}/:venteId`;
const P404 = { 404: problemSchema };

/** Sales of a shop: the owner and the managers of the shop sell, list, look up and print. */
export function ventesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary:
      'Enregistre une vente (prix du type de vente, paiements, reste en dette, stock, numéro sans trou) ; clé d’idempotence : un nouvel envoi renvoie la première vente',
    tags: TAGS,
    access: STAFF,
    service: true,
    body: venteInputSchema,
    responses: {
      201: venteSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      const { vente, replayed } = await createVente(ctx, user.id, service, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return vente;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary:
      'Ventes de la boutique : filtres (période, vendeur, client, mode de paiement, statut, numéro ou client), tri, pages et totaux de l’ensemble filtré',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: venteListQuerySchema,
    responses: { 200: ventePageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listVentes(db, service, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/export.csv`,
    summary:
      'Export CSV (tableur français) des ventes filtrées, sans pagination, envoyé au fil de l’écriture ; l’en-tête X-Total-Count donne le nombre de ventes',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: venteExportQuerySchema,
    responses: { 200: null, 400: problemSchema, ...P404 },
    handler: async ({ service, query, reply }) =>
      sendCsvExport(
        reply,
        `ventes-${shopToday(service)}.csv`,
        await exportVentesCsv(db, service, query),
      ),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Une vente : lignes, paiements, dette, retours',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: venteIdParamsSchema,
    responses: { 200: venteSchema, ...P404 },
    handler: ({ service, params }) => readVente(db, service, params.venteId),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/mouvements`,
    summary: 'Mouvements de stock de la vente et de ses retours',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: venteIdParamsSchema,
    responses: { 200: z.array(venteMouvementSchema), ...P404 },
    handler: ({ service, params }) => venteMouvements(db, service.id, params.venteId),
  });

  // Only a counter: a receipt can still be reprinted once the subscription has ended.
  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/impressions`,
    summary:
      'Compte un ticket imprimé ; à partir du deuxième, c’est un duplicata (hors abonnement : un simple compteur)',
    tags: TAGS,
    access: STAFF,
    service: true,
    subscription: 'exempt',
    params: venteIdParamsSchema,
    responses: { 200: impressionSchema, ...P404 },
    handler: ({ user, service, params }) =>
      recordImpression(db, service.id, params.venteId, user.id),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/ticket.pdf`,
    summary: 'Ticket de caisse PDF (80 ou 58 mm), « DUPLICATA » après une première impression',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: venteIdParamsSchema,
    query: ticketQuerySchema,
    responses: { 200: null, 400: problemSchema, ...P404 },
    handler: async ({ service, params, query, reply }) => {
      const vente = await readVente(db, service, params.venteId);
      const pdf = await ticketPdf(db, service, vente, query.largeur === '58' ? 58 : 80);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="ticket-${vente.numero}.pdf"`)
        .send(pdf);
    },
  });
}
