import type { FastifyInstance } from 'fastify';
import {
  comptageInputSchema,
  inventaireIdParamsSchema,
  inventaireInputSchema,
  inventaireLignePageSchema,
  inventaireLigneSchema,
  inventaireLignesQuerySchema,
  inventaireListQuerySchema,
  inventairePageSchema,
  inventaireSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { sendCsvExport } from '../../core/csv-export.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { countProduit } from './inventaires.comptage.js';
import { exportInventaireCsv } from './inventaires.csv.js';
import { feuillePdf } from './inventaires.feuille.js';
import {
  cancelInventaire,
  getInventaire,
  listInventaires,
  listLignes,
  openInventaire,
} from './inventaires.service.js';
import { validateInventaire } from './inventaires.validation.js';

const TAGS = ['Inventaires'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/inventaires';
const ONE = `${URL}/:inventaireId`;
const P404 = { 404: problemSchema };

/**
 * Inventories (docs/regles-metier.md « Inventaires »): the owner of the shop opens, validates and
 * cancels; the owner and the managers read and count.
 */
export function inventairesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Inventaires de la boutique, du plus récent au plus ancien, avec leurs écarts',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: inventaireListQuerySchema,
    responses: { 200: inventairePageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listInventaires(ctx, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary:
      'Ouvre un inventaire (propriétaire) : toute la boutique ou des catégories ; quantités relevées à l’ouverture ; un seul en cours par boutique (409)',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: inventaireInputSchema,
    responses: {
      201: inventaireSchema,
      400: problemSchema,
      403: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      void reply.status(201);
      return openInventaire(ctx, service.id, user.id, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Un inventaire et son résumé (comptés, non comptés, écarts en valeur)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: inventaireIdParamsSchema,
    responses: { 200: inventaireSchema, ...P404 },
    handler: ({ service, params }) => getInventaire(ctx, service.id, params.inventaireId),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/lignes`,
    summary:
      'Lignes d’un inventaire par nom : quantité à l’ouverture, mouvements, attendue, comptée, écart et sa valeur ; filtre par état et recherche',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: inventaireIdParamsSchema,
    query: inventaireLignesQuerySchema,
    responses: { 200: inventaireLignePageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, params, query }) =>
      listLignes(ctx, service.id, params.inventaireId, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/comptages`,
    summary:
      'Compte un produit (par id ou code-barres) : un scan ajoute une unité, une saisie remplace le compte ; clé d’idempotence',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: inventaireIdParamsSchema,
    body: comptageInputSchema,
    responses: {
      201: inventaireLigneSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      const { ligne, replayed } = await countProduit(
        ctx,
        service.id,
        user.id,
        params.inventaireId,
        body,
      );
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return ligne;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/validation`,
    summary:
      'Valide l’inventaire (propriétaire) : un mouvement « inventaire » par écart, tout ou rien, une seule fois (409 ensuite)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: inventaireIdParamsSchema,
    responses: {
      200: inventaireSchema,
      403: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return validateInventaire(ctx, service.id, user.id, params.inventaireId);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/annulation`,
    summary: 'Annule un inventaire en cours (propriétaire) : aucun mouvement de stock',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: inventaireIdParamsSchema,
    responses: { 200: inventaireSchema, 403: problemSchema, ...P404, 409: problemSchema },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return cancelInventaire(ctx, service.id, user.id, params.inventaireId);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/feuille.pdf`,
    summary: 'Feuille de comptage en PDF (A4), par catégorie puis par nom',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: inventaireIdParamsSchema,
    responses: { 200: null, ...P404 },
    handler: async ({ service, params, reply }) => {
      const pdf = await feuillePdf(ctx, service, params.inventaireId);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="inventaire-${params.inventaireId}-feuille.pdf"`,
        )
        .send(pdf);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/export.csv`,
    summary:
      'Export CSV (tableur français) de toutes les lignes de l’inventaire, envoyé au fil de l’écriture ; l’en-tête X-Total-Count donne le nombre de lignes',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: inventaireIdParamsSchema,
    responses: { 200: null, ...P404 },
    handler: async ({ service, params, reply }) =>
      sendCsvExport(
        reply,
        `inventaire-${params.inventaireId}.csv`,
        await exportInventaireCsv(ctx, service, params.inventaireId),
      ),
  });
}
