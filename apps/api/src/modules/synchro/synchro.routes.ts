import type { FastifyInstance } from 'fastify';
import {
  alerteHorsLigneSchema,
  appareilInputSchema,
  caisseAppareilSchema,
  venteEcarteeInputSchema,
  venteEcarteeSchema,
  venteRefuseeInputSchema,
  venteRenumeroteeSchema,
  alerteIdParamsSchema,
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
import { requireShopOwner } from '../../core/service-access.js';
import { listAlertes, marquerVue } from './synchro.alertes.js';
import { choisirCaisse, listAppareils } from './synchro.appareils.js';
import { synchroniser } from './synchro.batch.js';
import { clientsDelta, produitsDelta } from './synchro.catalogue.js';
import { ecarter, listEcartees, renumeroter } from './synchro.refusees.js';
import { serieCaisse } from './synchro.serie.js';

const TAGS = ['Vente hors ligne'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const SHOP = '/api/services/:serviceId';
const SYNCHRO = `${SHOP}/caisses/:caisseId/synchro`;
const P404 = { 404: problemSchema };
const CAISSE = `${SHOP}/caisses/:caisseId`;

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
    handler: ({ service, query }) => listAlertes(db, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${SHOP}/alertes-hors-ligne/:alerteId/vue`,
    summary:
      'Le propriétaire a vu l’alerte : elle quitte le tableau de bord et reste listée sur le produit',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: alerteIdParamsSchema,
    responses: { 200: alerteHorsLigneSchema, 400: problemSchema, 403: problemSchema, ...P404 },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return marquerVue(db, service.id, params.alerteId, user.id);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${SHOP}/caisses-appareils`,
    summary: 'L’appareil qui a choisi chaque caisse en dernier : qui, depuis quand',
    tags: TAGS,
    access: STAFF,
    service: true,
    responses: { 200: z.array(caisseAppareilSchema), ...P404 },
    handler: ({ service }) => listAppareils(db, service.id),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: `${CAISSE}/appareil`,
    summary:
      'Cet appareil vend sur cette caisse (une caisse, un appareil : l’appareil précédent est remplacé)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseIdParamsSchema,
    body: appareilInputSchema,
    responses: { 200: caisseAppareilSchema, 400: problemSchema, ...P404 },
    handler: ({ user, service, params, body }) =>
      choisirCaisse(db, user.id, service.id, params.caisseId, body.appareil),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${CAISSE}/ventes-refusees`,
    summary:
      'Enregistre une vente refusée à la synchronisation sous le prochain numéro de la caisse ; le numéro donné par la caisse est gardé',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: caisseIdParamsSchema,
    body: venteRefuseeInputSchema,
    responses: {
      201: venteRenumeroteeSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      const result = await renumeroter(db, user.id, service, params.caisseId, body);
      void reply.status(201);
      return result;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${CAISSE}/ventes-ecartees`,
    summary:
      'Écarte une vente refusée à la synchronisation (propriétaire) : gardée entière avec son motif et inscrite au journal',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: caisseIdParamsSchema,
    body: venteEcarteeInputSchema,
    responses: {
      201: venteEcarteeSchema,
      400: problemSchema,
      403: problemSchema,
      ...P404,
      409: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const result = await ecarter(db, user.id, service, params.caisseId, body);
      void reply.status(201);
      return result;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${SHOP}/ventes-ecartees`,
    summary: 'Les ventes refusées que le propriétaire a écartées, avec leurs motifs',
    tags: TAGS,
    access: OWNER,
    service: true,
    responses: { 200: z.array(venteEcarteeSchema), 403: problemSchema, ...P404 },
    handler: ({ user, service }) => {
      requireShopOwner(user, service);
      return listEcartees(db, service.id);
    },
  });
}
