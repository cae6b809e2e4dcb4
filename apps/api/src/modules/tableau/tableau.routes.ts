import type { FastifyInstance } from 'fastify';
import {
  periodeQuerySchema,
  problemSchema,
  tableauAdminSchema,
  tableauBoutiqueSchema,
  tableauGerantSchema,
  tableauProprietaireSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { adminDashboard } from './tableau.admin.js';
import { managerDashboard } from './tableau.gerant.js';
import { ownerDashboard } from './tableau.owner.js';
import { shopDashboard } from './tableau.shop.js';

const TAGS = ['Tableau de bord'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;

/** Dashboards (docs/regles-metier.md, « Tableau de bord »): owner, manager, admin. */
export function tableauRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/tableau',
    summary:
      'Tableau de bord d’une boutique (propriétaire) : chiffre d’affaires, marge, paniers, retours, paiements, dettes, stock, meilleurs produits, vendeurs, jours et heures, comparés à la période précédente',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: periodeQuerySchema,
    responses: {
      200: tableauBoutiqueSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
    },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return shopDashboard(db, service, query);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/tableau/gerant',
    summary:
      'Tableau de bord du gérant : ventes du jour et de la semaine, ses ventes, panier moyen, dettes encaissées, stock bas',
    tags: TAGS,
    access: STAFF,
    service: true,
    responses: { 200: tableauGerantSchema, 404: problemSchema },
    handler: ({ user, service }) => managerDashboard(db, service, user.id),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/tableau',
    summary:
      'Tableau de bord de toutes les boutiques du propriétaire, un bloc par devise (jamais de francs CFA ajoutés à des euros)',
    tags: TAGS,
    access: OWNER,
    query: periodeQuerySchema,
    responses: { 200: tableauProprietaireSchema, 400: problemSchema },
    handler: ({ user, query }) => ownerDashboard(db, user.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/tableau/admin',
    summary:
      'Tableau de bord de la plateforme : propriétaires, boutiques, utilisateurs, abonnements, revenus par mois, boutiques sans vente depuis 30 jours',
    tags: TAGS,
    access: ['ROLE_ADMIN'],
    responses: { 200: tableauAdminSchema },
    handler: () => adminDashboard(db),
  });
}
