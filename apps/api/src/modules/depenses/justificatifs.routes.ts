import type { FastifyInstance } from 'fastify';
import { depenseIdParamsSchema, depenseSchema, problemSchema } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import {
  readJustificatifFile,
  removeJustificatif,
  saveJustificatif,
} from './depenses.justificatif.js';

const TAGS = ['Dépenses'];
const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;
const URL = '/api/services/:serviceId/depenses/:depenseId/justificatif';

/** The receipt of an expense: photo or PDF, judged by its bytes. */
export function justificatifsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: URL,
    summary:
      'Joint le justificatif (photo JPEG, PNG, WebP, GIF ou PDF, 5 Mo au plus) ; le remplacer : propriétaire',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: depenseIdParamsSchema,
    multipart: true,
    responses: {
      200: depenseSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      413: problemSchema,
      415: problemSchema,
    },
    handler: ({ user, service, params, request }) =>
      saveJustificatif(ctx, user, service, params.depenseId, request),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: URL,
    summary: 'Le justificatif de la dépense (photo ou PDF)',
    tags: TAGS,
    access: STAFF,
    service: true,
    params: depenseIdParamsSchema,
    responses: { 200: null, 404: problemSchema },
    handler: async ({ service, params, reply }) => {
      const file = await readJustificatifFile(ctx, service.id, params.depenseId);
      const ext = file.content_type === 'application/pdf' ? 'pdf' : 'jpg';
      return reply
        .header('content-type', file.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header(
          'content-disposition',
          `inline; filename="justificatif-depense-${params.depenseId}.${ext}"`,
        )
        .send(Buffer.from(file.data));
    },
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: URL,
    summary: 'Retire le justificatif de la dépense (propriétaire ; noté dans l’historique)',
    tags: TAGS,
    access: ['ROLE_PROPRIETAIRE'],
    service: true,
    params: depenseIdParamsSchema,
    responses: { 200: depenseSchema, 403: problemSchema, 404: problemSchema },
    handler: ({ user, service, params }) => {
      requireShopOwner(user, service);
      return removeJustificatif(ctx, service, user.id, params.depenseId);
    },
  });
}
