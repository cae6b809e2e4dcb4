import type { FastifyInstance } from 'fastify';
import { etiquettesInputSchema, problemSchema } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { etiquettesPdf } from './etiquettes.service.js';

const STAFF = ['ROLE_GERANT', 'ROLE_PROPRIETAIRE'] as const;

/**
 * Barcode labels of products (PDF for A4 label sheets). A POST that writes nothing: like the
 * catalogue's reads and its CSV export, it stays open when the subscription has ended.
 */
export function etiquettesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/services/:serviceId/produits/etiquettes',
    summary:
      'Étiquettes code-barres des produits choisis (PDF pour planches A4, 3 × 8 de 70 × 37 mm) ; n’écrit rien',
    tags: ['Produits'],
    access: STAFF,
    service: true,
    subscription: 'exempt',
    body: etiquettesInputSchema,
    responses: { 200: null, 400: problemSchema, 404: problemSchema },
    handler: async ({ service, body, reply }) => {
      const pdf = await etiquettesPdf(ctx, service, body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="etiquettes.pdf"')
        .send(pdf);
    },
  });
}
