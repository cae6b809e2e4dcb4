import type { FastifyInstance } from 'fastify';
import {
  devisConversionSchema,
  devisDuplicationSchema,
  devisEnvoiSchema,
  devisIdParamsSchema,
  devisInputSchema,
  devisListQuerySchema,
  devisPageSchema,
  devisSchema,
  devisUpdateSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { convertirDevis } from './devis.convert.js';
import { envoyerDevis } from './devis.envoi.js';
import { listDevis } from './devis.list.js';
import { devisPdf } from './devis.pdf.js';
import { readDevis } from './devis.read.js';
import { createDevis, duplicateDevis, updateDevis } from './devis.service.js';
import { deciderDevis } from './devis.statut.js';

const TAGS = ['Devis'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/devis';
const ONE = `${URL}/:devisId`;
const P = { 403: problemSchema, 404: problemSchema };
const WRITE = { ...P, 400: problemSchema, 409: problemSchema, 422: problemSchema };

/** Quotes of a shop: its owner only (product.md §3). */
export function devisRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const base = { tags: TAGS, access: OWNER, service: true } as const;

  defineRoute(app, ctx, {
    ...base,
    method: 'POST',
    url: URL,
    summary:
      'Nouveau devis (brouillon, sans numéro) : client, lignes de produits ou de prestations, remises, validité ; clé d’idempotence',
    body: devisInputSchema,
    responses: { 201: devisSchema, ...WRITE },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const { devis, replayed } = await createDevis(db, user.id, service, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return devis;
    },
  });

  defineRoute(app, ctx, {
    ...base,
    method: 'GET',
    url: URL,
    summary:
      'Devis de la boutique : filtres (période, client, statut dont « expiré »), tri, pages et totaux',
    query: devisListQuerySchema,
    responses: { 200: devisPageSchema, 400: problemSchema, ...P },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return listDevis(db, service, query);
    },
  });

  defineRoute(app, ctx, {
    ...base,
    method: 'GET',
    url: ONE,
    summary: 'Un devis : client, lignes, totaux, statut du jour de la boutique',
    params: devisIdParamsSchema,
    responses: { 200: devisSchema, ...P },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return readDevis(db, service, params.devisId);
    },
  });

  defineRoute(app, ctx, {
    ...base,
    method: 'PUT',
    url: ONE,
    summary: 'Modifie un brouillon (un devis sorti du brouillon ne change plus : 422)',
    params: devisIdParamsSchema,
    body: devisUpdateSchema,
    responses: { 200: devisSchema, ...WRITE },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return updateDevis(db, service, params.devisId, body);
    },
  });

  defineRoute(app, ctx, {
    ...base,
    method: 'GET',
    url: `${ONE}/pdf`,
    summary: 'Le devis en PDF (A4, logo et identifiants de la boutique)',
    params: devisIdParamsSchema,
    responses: { 200: null, ...P },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const devis = await readDevis(db, service, params.devisId);
      const pdf = await devisPdf(db, service, devis);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="devis-${devis.numero ?? `brouillon-${devis.id}`}.pdf"`,
        )
        .send(pdf);
    },
  });

  defineRoute(app, ctx, {
    ...base,
    method: 'POST',
    url: `${ONE}/envoi`,
    summary:
      'Envoie le PDF du devis au client par e-mail ; un brouillon reçoit son numéro D-AAAA-NNNNNN et devient « envoyé »',
    params: devisIdParamsSchema,
    body: devisEnvoiSchema,
    responses: { 200: devisSchema, ...WRITE },
    handler: ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      return envoyerDevis(ctx, service, params.devisId, body.message);
    },
  });

  for (const [path, decision, summary] of [
    ['acceptation', 'accepte', 'Le client accepte le devis (numéroté s’il était brouillon)'],
    ['refus', 'refuse', 'Le client refuse le devis'],
  ] as const)
    defineRoute(app, ctx, {
      ...base,
      method: 'POST',
      url: `${ONE}/${path}`,
      summary,
      params: devisIdParamsSchema,
      responses: { 200: devisSchema, ...WRITE },
      handler: ({ user, service, params }) => {
        requireShopOwner(user, service);
        return deciderDevis(db, service, params.devisId, decision);
      },
    });

  defineRoute(app, ctx, {
    ...base,
    method: 'POST',
    url: `${ONE}/duplication`,
    summary: 'Nouveau brouillon avec le contenu du devis (prix du jour) ; clé d’idempotence',
    params: devisIdParamsSchema,
    body: devisDuplicationSchema,
    responses: { 201: devisSchema, ...WRITE },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const { devis, replayed } = await duplicateDevis(db, user.id, service, params.devisId, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return devis;
    },
  });

  defineRoute(app, ctx, {
    ...base,
    method: 'POST',
    url: `${ONE}/conversion`,
    summary:
      'Convertit un devis accepté en vente (prix du devis, stock vérifié, paiements ou dette) ; une seule fois ; clé d’idempotence',
    params: devisIdParamsSchema,
    body: devisConversionSchema,
    responses: { 201: devisSchema, ...WRITE },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const { devis, replayed } = await convertirDevis(db, user.id, service, params.devisId, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return devis;
    },
  });
}
