import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  avoirIdParamsSchema,
  avoirInputSchema,
  avoirSchema,
  factureEnvoiInputSchema,
  factureEnvoiSchema,
  factureIdParamsSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import type { ServicesTable } from '../../db/schema.js';
import { createAvoir } from './avoirs.create.js';
import { envoyerAvoir } from './factures.envoi.js';
import { avoirXml, requireFacturx } from './factures.facturx.js';
import { avoirPdf } from './factures.pdf.js';
import { readFacture } from './factures.read.js';
import { readAvoir } from './factures.service.js';

const TAGS = ['Factures'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;
const ONE = '/api/services/:serviceId/factures/:factureId';
const AVOIR = '/api/services/:serviceId/avoirs/:avoirId';
const P403 = { 403: problemSchema, 404: problemSchema };

/** Credit notes of an invoice (docs/regles-metier.md, « Avoirs ») : the shop's owner only. */
export function avoirsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  /** A credit note of the shop and the invoice it corrects. */
  const avoirEtFacture = async (service: Selectable<ServicesTable>, avoirId: number) => {
    const avoir = await readAvoir(db, service.id, avoirId);
    return { avoir, facture: await readFacture(db, service, avoir.facture.id) };
  };

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${ONE}/avoirs`,
    summary:
      'Avoir sur une facture (AV-AAAA-NNNNNN) : des lignes et quantités, jamais plus que facturé ; retour de marchandise en option ; clé d’idempotence',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: factureIdParamsSchema,
    body: avoirInputSchema,
    responses: {
      201: avoirSchema,
      400: problemSchema,
      ...P403,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, service, params, body, reply }) => {
      requireShopOwner(user, service);
      const { avoir, replayed } = await createAvoir(ctx, service, user.id, params.factureId, body);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      void reply.status(201);
      return avoir;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: AVOIR,
    summary: 'Un avoir : lignes, montants, retours liés',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: avoirIdParamsSchema,
    responses: { 200: avoirSchema, ...P403 },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return readAvoir(db, service.id, params.avoirId);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${AVOIR}/avoir.pdf`,
    summary:
      'L’avoir en PDF (A4, Factur-X pour une boutique en euros) : la facture corrigée, les lignes, les montants',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: avoirIdParamsSchema,
    responses: { 200: null, ...P403 },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const { avoir, facture } = await avoirEtFacture(service, params.avoirId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="avoir-${avoir.numero}.pdf"`)
        .send(await avoirPdf(avoir, facture));
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${AVOIR}/factur-x.xml`,
    summary: 'L’avoir électronique seul : le XML CII (Factur-X, type 381) ; boutiques en euros',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: avoirIdParamsSchema,
    responses: { 200: null, ...P403, 422: problemSchema },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const { avoir, facture } = await avoirEtFacture(service, params.avoirId);
      requireFacturx(facture.devise);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="factur-x-${avoir.numero}.xml"`)
        .send(avoirXml(avoir, facture));
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${AVOIR}/envoi`,
    summary: 'Envoie le PDF de l’avoir par e-mail au client, ou à l’adresse donnée',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: avoirIdParamsSchema,
    body: factureEnvoiInputSchema,
    responses: { 200: factureEnvoiSchema, 400: problemSchema, ...P403, 422: problemSchema },
    handler: async ({ user, service, params, body }) => {
      requireShopOwner(user, service);
      const { avoir, facture } = await avoirEtFacture(service, params.avoirId);
      return envoyerAvoir(ctx, avoir, facture, body.email);
    },
  });
}
