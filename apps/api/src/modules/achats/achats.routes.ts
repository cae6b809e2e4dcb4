import type { FastifyInstance } from 'fastify';
import {
  achatExportQuerySchema,
  achatIdParamsSchema,
  achatInputSchema,
  achatListQuerySchema,
  achatPageSchema,
  achatSchema,
  achatUpdateSchema,
  achatValidationSchema,
  bonLivraisonInputSchema,
  bonLivraisonResultSchema,
  problemSchema,
  reapprovisionnementSchema,
  retourAchatInputSchema,
  retourAchatSchema,
} from '@comptoir/shared';
import { contentDisposition } from '../../core/content-disposition.js';
import type { AppContext } from '../../core/context.js';
import { sendCsvExport } from '../../core/csv-export.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { shopToday } from '../../db/time.js';
import { createAchat, deleteAchat, updateAchat } from './achats.draft.js';
import { exportAchatsCsv, listAchats } from './achats.list.js';
import { lireBonLivraison } from './achats.bon-livraison.js';
import { achatPdf } from './achats.pdf.js';
import { readAchat } from './achats.read.js';
import { reapprovisionner } from './achats.reappro.js';
import { createRetourAchat } from './achats.retour.js';
import { validateAchat } from './achats.validate.js';

const TAGS = ['Achats'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/achats';
const ONE = `${URL}/:achatId`;
const P404 = { 404: problemSchema };
const WRITE = {
  400: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  422: problemSchema,
};

/**
 * Purchases from suppliers (docs/regles-metier.md « Achats »): the owner of the shop writes them;
 * managers read the list and the details (product.md §3).
 */
export function achatsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary:
      'Achats de la boutique : filtres (période, fournisseur, statut, numéro ou référence), tri, pages et totaux de l’ensemble filtré',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: achatListQuerySchema,
    responses: { 200: achatPageSchema, 400: problemSchema, ...P404 },
    handler: ({ service, query }) => listAchats(db, service.id, query),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${URL}/export.csv`,
    summary:
      'Export CSV (tableur français) des achats filtrés, sans pagination, envoyé au fil de l’écriture ; l’en-tête X-Total-Count donne le nombre d’achats',
    tags: TAGS,
    access: STAFF,
    service: true,
    query: achatExportQuerySchema,
    responses: { 200: null, 400: problemSchema, ...P404 },
    handler: async ({ service, query, reply }) =>
      sendCsvExport(
        reply,
        `achats-${shopToday(service)}.csv`,
        await exportAchatsCsv(db, service, query),
      ),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary:
      'Nouvel achat en brouillon (propriétaire) : fournisseur, lignes (produit existant ou à créer), frais ; aucun mouvement de stock ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: achatInputSchema,
    responses: { 201: achatSchema, ...WRITE },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const { achat, replayed } = await createAchat(ctx, service, user.id, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return achat;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${URL}/reapprovisionnement`,
    summary:
      'Brouillon d’achat pour un fournisseur avec les produits sous leur seuil d’alerte (jusqu’au seuil plus une couverture), au dernier coût ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: reapprovisionnementSchema,
    responses: { 201: achatSchema, ...WRITE },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const { achat, replayed } = await reapprovisionner(ctx, service, user.id, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return achat;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${URL}/bon-livraison`,
    summary:
      'Lit un bon de livraison (lignes d’un fichier CSV ou Excel lu par le navigateur) : produits reconnus par référence ou code-barres, lignes refusées en français ; n’écrit rien',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: bonLivraisonInputSchema,
    responses: { 200: bonLivraisonResultSchema, ...WRITE },
    handler: ({ user, service, body }) => {
      requireShopOwner(user, service);
      return lireBonLivraison(db, service, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: ONE,
    summary: 'Un achat : lignes, frais, paiements, retours, mouvements de stock',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: achatIdParamsSchema,
    responses: { 200: achatSchema, ...P404 },
    handler: ({ service, params }) => readAchat(db, service, params.achatId),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${ONE}/pdf`,
    summary: 'Bon de réception (ou de commande pour un brouillon) en PDF A4',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: achatIdParamsSchema,
    responses: { 200: null, ...P404 },
    handler: async ({ service, params, reply }) => {
      const { pdf, name } = await achatPdf(ctx, service, params.achatId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(name))
        .send(pdf);
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: ONE,
    summary: 'Modifie un brouillon d’achat (propriétaire) ; un achat validé ne se modifie plus',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: achatIdParamsSchema,
    body: achatUpdateSchema,
    responses: { 200: achatSchema, ...WRITE },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return updateAchat(ctx, service, params.achatId, body);
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: ONE,
    summary: 'Supprime un brouillon d’achat (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: achatIdParamsSchema,
    responses: { 204: null, 403: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      await deleteAchat(ctx, service.id, params.achatId);
      return reply.status(204).send();
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/validation`,
    summary:
      'Valide un brouillon (propriétaire) : numéro A-AAAA-NNNNNN, entrée en stock, CUMP recalculé, paiements immédiats ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: achatIdParamsSchema,
    body: achatValidationSchema,
    responses: { 200: achatSchema, ...WRITE },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const { achat, replayed } = await validateAchat(ctx, service, user.id, params.achatId, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      return achat;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/retours`,
    summary:
      'Retour au fournisseur (propriétaire, numéroté RA-AAAA-NNNNNN) : sortie de stock, dette réduite d’abord, puis remboursement ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: achatIdParamsSchema,
    body: retourAchatInputSchema,
    responses: { 201: retourAchatSchema, ...WRITE },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const { retour, replayed } = await createRetourAchat(
        ctx,
        service,
        user.id,
        params.achatId,
        body,
      );
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return retour;
    },
  });
}
