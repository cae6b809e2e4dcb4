import type { FastifyInstance } from 'fastify';
import {
  mouvementsParTypeQuerySchema,
  mouvementsParTypeSchema,
  problemSchema,
  rapportProduitsExportQuerySchema,
  rapportProduitsPageSchema,
  rapportProduitsQuerySchema,
  valorisationQuerySchema,
  valorisationSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { sendCsvExport } from '../../core/csv-export.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { shopToday } from '../../db/time.js';
import { exportRapportProduitsCsv } from './rapports.csv.js';
import { toutesVentesOf } from './rapports.periode.js';
import { rapportProduits, rapportProduitsAll } from './rapports.produits.js';
import { mouvementsParType, valorisation } from './rapports.stock.js';

const TAGS = ['Rapports'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/rapports';
const ERRORS = { 400: problemSchema, 403: problemSchema, 404: problemSchema };

/** The owner's reports of a shop: products, stock valuation, stock movements by kind. */
export function rapportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/produits`,
    summary:
      'Rapport produits d’une période : quantités vendues et retournées, chiffre d’affaires, coût, marge, stock et sa valeur ; filtres, tri, pages et totaux ; chiffres de toutes les ventes de la période, lignes sans produit comprises, sans filtre de produit (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: rapportProduitsQuerySchema,
    responses: { 200: rapportProduitsPageSchema, ...ERRORS },
    handler: async ({ user, service, query }) => {
      requireShopOwner(user, service);
      const [page, toutesVentes] = await Promise.all([
        rapportProduits(db, service, query),
        toutesVentesOf(db, service, query),
      ]);
      return { ...page, toutesVentes };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/produits/export.csv`,
    summary:
      'Export CSV (tableur français) du rapport produits filtré et trié, sans pagination, envoyé au fil de l’écriture ; l’en-tête X-Total-Count donne le nombre de produits',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: rapportProduitsExportQuerySchema,
    responses: { 200: null, ...ERRORS },
    handler: async ({ user, service, query, reply }) => {
      requireShopOwner(user, service);
      const rows = await rapportProduitsAll(db, service, query);
      return sendCsvExport(
        reply,
        `rapport-produits-${shopToday(service)}.csv`,
        exportRapportProduitsCsv(rows, service.devise),
      );
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/stock`,
    summary:
      'Valeur du stock au coût moyen pondéré par catégorie, aujourd’hui ou à la fin d’un jour passé (d’après le registre)',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: valorisationQuerySchema,
    responses: { 200: valorisationSchema, ...ERRORS },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return valorisation(db, service, query.date);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/mouvements`,
    summary: 'Mouvements de stock d’une période par nature : nombre, entrées, sorties',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: mouvementsParTypeQuerySchema,
    responses: { 200: mouvementsParTypeSchema, ...ERRORS },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return mouvementsParType(db, service, query);
    },
  });
}
