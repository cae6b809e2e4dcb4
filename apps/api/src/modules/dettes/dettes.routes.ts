import type { FastifyInstance } from 'fastify';
import {
  clientIdParamsSchema,
  compteClientSchema,
  detteClientListQuerySchema,
  detteClientPageSchema,
  problemSchema,
  reglementInputSchema,
  reglementSchema,
} from '@comptoir/shared';
import { contentDisposition } from '../../core/content-disposition.js';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { relevePdf } from './dettes.releve.js';
import { createReglement } from './dettes.reglement.js';
import { compteClient, listDettes } from './dettes.service.js';

const TAGS = ['Dettes clients'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const CLIENT = '/api/services/:serviceId/clients/:clientId';

/**
 * Customer debts (docs/regles-metier.md): the list, repayments and statements are the owner's; the
 * customer's account (balance shown on the customer page) is also the manager's.
 */
export function dettesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/dettes',
    summary:
      'Clients qui doivent quelque chose : encours, part en retard, prochaine échéance ; totaux de la sélection (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: detteClientListQuerySchema,
    responses: {
      200: detteClientPageSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
    },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return listDettes(ctx, service, query);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${CLIENT}/compte`,
    summary: 'Compte d’un client : encours, retard, avoir, achats, dettes et règlements',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: clientIdParamsSchema,
    responses: { 200: compteClientSchema, 404: problemSchema },
    handler: ({ service, params }) => compteClient(ctx, service, params.clientId),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${CLIENT}/reglements`,
    summary:
      'Enregistre un règlement du client (propriétaire) : sur la dette choisie, sinon les plus anciennes d’abord ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: clientIdParamsSchema,
    body: reglementInputSchema,
    responses: {
      201: reglementSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const { reglement, replayed } = await createReglement(
        ctx,
        service,
        user.id,
        params.clientId,
        body,
      );
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return reglement;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${CLIENT}/releve.pdf`,
    summary: 'Relevé de compte du client en PDF (A4, propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: clientIdParamsSchema,
    responses: { 200: null, 403: problemSchema, 404: problemSchema },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const { pdf, name } = await relevePdf(ctx, service, params.clientId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(name))
        .send(pdf);
    },
  });
}
