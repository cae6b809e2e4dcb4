import type { FastifyInstance } from 'fastify';
import {
  compteFournisseurSchema,
  detteFournisseurListQuerySchema,
  detteFournisseurPageSchema,
  fournisseurIdParamsSchema,
  problemSchema,
  reglementFournisseurInputSchema,
  reglementFournisseurSchema,
} from '@comptoir/shared';
import { contentDisposition } from '../../core/content-disposition.js';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { compteFournisseur, listDettesFournisseurs } from './achats.compte.js';
import { releveFournisseurPdf } from './achats.pdf.js';
import { createReglementFournisseur } from './achats.reglement.js';

const TAGS = ['Dettes fournisseurs'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const FOURNISSEUR = '/api/services/:serviceId/fournisseurs/:fournisseurId';

/** What the shop owes its suppliers: the owner's (docs/regles-metier.md « Dettes fournisseurs »). */
export function dettesFournisseursRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/dettes-fournisseurs',
    summary:
      'Fournisseurs à qui la boutique doit quelque chose : solde, part en retard, prochaine échéance ; totaux de la sélection (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: detteFournisseurListQuerySchema,
    responses: {
      200: detteFournisseurPageSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
    },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return listDettesFournisseurs(ctx.database.db, service, query);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${FOURNISSEUR}/compte`,
    summary: 'Compte d’un fournisseur : solde, retard, achats validés, règlements et retours',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: fournisseurIdParamsSchema,
    responses: { 200: compteFournisseurSchema, 403: problemSchema, 404: problemSchema },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return compteFournisseur(ctx, service, params.fournisseurId);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${FOURNISSEUR}/reglements`,
    summary:
      'Règlement d’un fournisseur (propriétaire) : sur l’achat choisi, sinon les plus anciens d’abord ; jamais plus que le dû ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: fournisseurIdParamsSchema,
    body: reglementFournisseurInputSchema,
    responses: {
      201: reglementFournisseurSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const { reglement, replayed } = await createReglementFournisseur(
        ctx,
        service,
        user.id,
        params.fournisseurId,
        body,
      );
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return reglement;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${FOURNISSEUR}/releve.pdf`,
    summary: 'Relevé de compte du fournisseur en PDF (A4, propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: fournisseurIdParamsSchema,
    responses: { 200: null, 403: problemSchema, 404: problemSchema },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const { pdf, name } = await releveFournisseurPdf(ctx, service, params.fournisseurId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(name))
        .send(pdf);
    },
  });
}
