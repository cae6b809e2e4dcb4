import type { FastifyInstance } from 'fastify';
import {
  alerteHorsLigneSchema,
  alertesQuerySchema,
  caisseIdParamsSchema,
  catalogueQuerySchema,
  clientsDeltaSchema,
  problemSchema,
  produitsDeltaSchema,
  serieCaisseSchema,
  synchroInputSchema,
  synchroResultSchema,
} from '@comptoir/shared';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { listAlertes } from './synchro.alertes.js';
import { synchroniser } from './synchro.batch.js';
import { clientsDelta, produitsDelta } from './synchro.catalogue.js';
import { serieCaisse } from './synchro.serie.js';

const TAGS = ['Vente hors ligne'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const SHOP = '/api/services/:serviceId';
const SYNCHRO = `${SHOP}/caisses/:caisseId/synchro`;
const P404 = { 404: problemSchema };

/**
 * The counter without the network (docs/regles-metier.md « Vente hors ligne »): the register's
 * series, the sync of the sales a till queued, the catalogue and customers refreshed by delta, and
 * what offline sales left for the owner to see. The owner and the managers sell.
 */
export function synchroRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'GET',
    url: SYNCHRO,
    summary:
      'Série de la caisse : code (C01…), préfixe, année de la boutique et dernier numéro enregistré',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseIdParamsSchema,
    responses: { 200: serieCaisseSchema, ...P404 },
    handler: ({ service, params }) => serieCaisse(db, service, params.caisseId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: SYNCHRO,
    summary:
      'Envoie les ventes que la caisse a numérotées (hors ligne) et ses clients créés : dans l’ordre de la série, une fois chacune (clé d’idempotence) ; un numéro précédent manquant met la vente en attente',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseIdParamsSchema,
    body: synchroInputSchema,
    responses: { 200: synchroResultSchema, 400: problemSchema, ...P404 },
    handler: ({ user, service, params, body }) =>
      synchroniser(db, user.id, service, params.caisseId, body),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${SHOP}/catalogue/produits`,
    summary:
      'Produits changés depuis le curseur (tous sans curseur) et produits supprimés, par pages : le catalogue de la caisse hors ligne',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: catalogueQuerySchema,
    responses: { 200: produitsDeltaSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => produitsDelta(db, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${SHOP}/catalogue/clients`,
    summary: 'Clients changés depuis le curseur et clients supprimés, par pages',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: catalogueQuerySchema,
    responses: { 200: clientsDeltaSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => clientsDelta(db, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${SHOP}/alertes-hors-ligne`,
    summary:
      'Ce que les ventes hors ligne ont laissé à voir : stock passé sous zéro, prix facturé différent, produit supprimé entre-temps',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: alertesQuerySchema,
    responses: { 200: z.array(alerteHorsLigneSchema), 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listAlertes(db, service.id, query.produitId),
  });
}
