import type { FastifyInstance } from 'fastify';
import {
  facturablesQuerySchema,
  factureEnvoiInputSchema,
  factureEnvoiSchema,
  factureIdParamsSchema,
  factureInputSchema,
  factureListQuerySchema,
  facturePageSchema,
  factureSchema,
  problemSchema,
  venteFacturableSchema,
} from '@comptoir/shared';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { sendCsvExport } from '../../core/csv-export.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { shopToday } from '../../db/time.js';
import { avoirsRoutes } from './avoirs.routes.js';
import { createFacture } from './factures.create.js';
import { envoyerFacture } from './factures.envoi.js';
import { requireFacturx } from './factures.facturx.js';
import { exportFacturesCsv, listFactures } from './factures.list.js';
import { facturePdf, factureFacturxXml } from './factures.pdf.js';
import { readFacture } from './factures.read.js';
import { listFacturables } from './factures.service.js';

const TAGS = ['Factures'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/factures';
const ONE = `${URL}/:factureId`;
const P403 = { 403: problemSchema, 404: problemSchema };
const exportQuerySchema = factureListQuerySchema.omit({ page: true, size: true });

/**
 * Invoices and credit notes (docs/regles-metier.md, « Factures ») : the shop's owner only. No route
 * changes an issued invoice: the only correction is a credit note.
 */
export function facturesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary:
      'Émet la facture d’une vente ou de plusieurs ventes d’un client (numéro F-AAAA-NNNNNN sans trou, figée) ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: factureInputSchema,
    responses: {
      201: factureSchema,
      400: problemSchema,
      ...P403,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const { facture, replayed } = await createFacture(ctx, service, user.id, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return facture;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary:
      'Factures : filtres (période, client, statut, numéro ou client), tri, pages et totaux de l’ensemble filtré',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: factureListQuerySchema,
    responses: { 200: facturePageSchema, 400: problemSchema, ...P403 },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return listFactures(db, service, query);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/export.csv`,
    summary:
      'Export CSV (tableur français) des factures filtrées, sans pagination, envoyé au fil de l’écriture ; l’en-tête X-Total-Count donne le nombre de factures',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: exportQuerySchema,
    responses: { 200: null, 400: problemSchema, ...P403 },
    handler: async ({ user, service, query, reply }) => {
      requireShopOwner(user, service);
      return sendCsvExport(
        reply,
        `factures-${shopToday(service)}.csv`,
        await exportFacturesCsv(db, service, query),
      );
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/ventes-facturables`,
    summary: 'Ventes d’un client pas encore facturées, sur une période (facture récapitulative)',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: facturablesQuerySchema,
    responses: { 200: z.array(venteFacturableSchema), 400: problemSchema, ...P403 },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return listFacturables(db, service, query);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Une facture : lignes, ventes, TVA par taux, avoirs, statut',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: factureIdParamsSchema,
    responses: { 200: factureSchema, ...P403 },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return readFacture(db, service, params.factureId);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/facture.pdf`,
    summary: 'La facture en PDF (A4) avec les mentions légales du pays de la boutique',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: factureIdParamsSchema,
    responses: { 200: null, ...P403 },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const facture = await readFacture(db, service, params.factureId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="facture-${facture.numero}.pdf"`)
        .send(await facturePdf(facture));
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/factur-x.xml`,
    summary:
      'La facture électronique seule : le XML CII (Factur-X, profil EN 16931) que son PDF embarque ; boutiques en euros',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: factureIdParamsSchema,
    responses: { 200: null, ...P403, 422: problemSchema },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const facture = await readFacture(db, service, params.factureId);
      requireFacturx(facture.devise);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="factur-x-${facture.numero}.xml"`)
        .send(factureFacturxXml(facture));
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/envoi`,
    summary:
      'Envoie le PDF de la facture (Factur-X en euros) par e-mail au client, ou à l’adresse donnée',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: factureIdParamsSchema,
    body: factureEnvoiInputSchema,
    responses: { 200: factureEnvoiSchema, 400: problemSchema, ...P403, 422: problemSchema },
    handler: async ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return envoyerFacture(ctx, await readFacture(db, service, params.factureId), body.email);
    },
  });

  avoirsRoutes(app, ctx);
}
