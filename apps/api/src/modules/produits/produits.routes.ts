import type { FastifyInstance } from 'fastify';
import {
  ajustementInputSchema,
  codeBarresParamsSchema,
  produitExportQuerySchema,
  produitImportResultSchema,
  produitImportSchema,
  mouvementListQuerySchema,
  mouvementPageSchema,
  problemSchema,
  produitCreateSchema,
  produitIdParamsSchema,
  produitListQuerySchema,
  produitPageSchema,
  produitSchema,
  produitUpdateSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { sendCsvExport } from '../../core/csv-export.js';
import { defineRoute } from '../../core/route.js';
import { shopToday } from '../../db/time.js';
import { requireShopOwner } from '../../core/service-access.js';
import { importProduits } from './produits.import.js';
import { streamImport, wantsProgress } from './produits.import-stream.js';
import { removeProduitImage, saveProduitImage } from './produits.image.js';
import {
  createProduit,
  exportProduitsCsv,
  deleteProduit,
  getProduit,
  getProduitByBarcode,
  listProduits,
  setProduitActif,
  updateProduit,
} from './produits.service.js';
import { adjustStock, listMouvements } from './produits.stock.js';

const TAGS = ['Produits'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/produits';
const ONE = `${URL}/:produitId`;
const P404 = { 404: problemSchema };

/** Products of a shop: managers read, create and edit; the owner also deletes, deactivates and adjusts stock. */
export function produitsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary:
      'Produits de la boutique : pages, tri, recherche (nom sans accents, référence, code-barres), filtres',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: produitListQuerySchema,
    responses: { 200: produitPageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listProduits(ctx, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/export.csv`,
    summary:
      'Export CSV (tableur français) des produits filtrés, sans pagination, envoyé au fil de l’écriture ; l’en-tête X-Total-Count donne le nombre de produits',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: produitExportQuerySchema,
    responses: { 200: null, 400: problemSchema, ...P404 },
    handler: async ({ service, query, reply }) =>
      sendCsvExport(
        reply,
        `produits-${shopToday(service)}.csv`,
        await exportProduitsCsv(ctx, service, query),
      ),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${URL}/import`,
    summary:
      'Import de lignes de fichier (CSV, Excel) déjà associées aux champs : tout ou rien ; dryRun pour l’aperçu. Avec Accept: application/x-ndjson, la progression ligne à ligne (lignes contrôlées, puis écrites), puis le résultat ou le problème',
    tags: TAGS,
    access: STAFF,
    service: true,
    body: produitImportSchema,
    bodyLimit: 64 * 1024 * 1024,
    responses: { 200: produitImportResultSchema, 400: problemSchema, ...P404 },
    handler: async ({ user, service, body, request, reply }) =>
      wantsProgress(request)
        ? streamImport(request, reply, (progress) =>
            importProduits(ctx, user, service, body.lignes, body.dryRun, progress),
          )
        : importProduits(ctx, user, service, body.lignes, body.dryRun),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/code-barres/:code`,
    summary: 'Le produit portant exactement ce code-barres (lecteurs)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: codeBarresParamsSchema,
    responses: { 200: produitSchema, ...P404 },
    handler: ({ service, params }) => getProduitByBarcode(ctx, service.id, params.code),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Un produit : noms liés, quantité, CUMP, valeur du stock',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: produitIdParamsSchema,
    responses: { 200: produitSchema, ...P404 },
    handler: ({ service, params }) => getProduit(ctx, service.id, params.produitId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary: 'Crée un produit (code-barres interne généré si vide ; stock initial en mouvement)',
    tags: TAGS,
    access: STAFF,
    service: true,
    body: produitCreateSchema,
    responses: {
      201: produitSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      const created = await createProduit(ctx, user, service.id, body);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: ONE,
    summary: 'Modifie un produit (jamais sa quantité : voir les ajustements)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: produitIdParamsSchema,
    body: produitUpdateSchema,
    responses: {
      200: produitSchema,
      400: problemSchema,
      ...P404,
      409: problemSchema,
      422: problemSchema,
    },
    handler: ({ user, service, params, body }) =>
      updateProduit(ctx, user, service.id, params.produitId, body, service.owner_id === user.id),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: ONE,
    summary: 'Supprime un produit sans mouvement (propriétaire) ; sinon 409 : le désactiver',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: produitIdParamsSchema,
    responses: { 204: null, 403: problemSchema, ...P404, 409: problemSchema },
    handler: async ({ user, service, params }) => {
      requireShopOwner(user, service);
      await deleteProduit(ctx, service.id, params.produitId);
    },
  });

  for (const [action, actif] of [
    ['desactiver', false],
    ['activer', true],
  ] as const) {
    defineRoute(app, ctx, {
      method: 'POST',
      url: `${ONE}/${action}`,
      summary: actif ? 'Réactive un produit (propriétaire)' : 'Désactive un produit (propriétaire)',
      tags: TAGS,
      access: OWNER,
      service: true,
      params: produitIdParamsSchema,
      responses: { 200: produitSchema, 403: problemSchema, ...P404 },
      handler: ({ user, service, params }) => {
        requireShopOwner(user, service);
        return setProduitActif(ctx, service.id, params.produitId, actif);
      },
    });
  }

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/mouvements`,
    summary: 'Historique des mouvements de stock du produit (le plus récent d’abord)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: produitIdParamsSchema,
    query: mouvementListQuerySchema,
    responses: { 200: mouvementPageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, params, query }) =>
      listMouvements(ctx, service.id, params.produitId, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/ajustements`,
    summary: 'Ajustement de stock avec motif (propriétaire) ; stock insuffisant : 409',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: produitIdParamsSchema,
    body: ajustementInputSchema,
    responses: {
      200: produitSchema,
      400: problemSchema,
      403: problemSchema,
      ...P404,
      409: problemSchema,
    },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return adjustStock(ctx, user, service, params.produitId, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/image`,
    summary: 'Photo du produit (JPEG, PNG, WebP ou GIF, 5 Mo au plus ; réduite à 800 px)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: produitIdParamsSchema,
    multipart: true,
    responses: {
      200: produitSchema,
      400: problemSchema,
      ...P404,
      413: problemSchema,
      415: problemSchema,
    },
    handler: ({ user, service, params, request }) =>
      saveProduitImage(ctx, user, service.id, params.produitId, request),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: `${ONE}/image`,
    summary: 'Retire la photo du produit',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: produitIdParamsSchema,
    responses: { 200: produitSchema, ...P404 },
    handler: ({ service, params }) => removeProduitImage(ctx, service.id, params.produitId),
  });
}
