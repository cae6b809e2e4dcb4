import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { readStoredFile } from './files.service.js';

const paramsSchema = z.object({
  fileId: z.string().regex(/^[a-f0-9]{32}$/, 'Identifiant de fichier invalide.'),
});

/**
 * Stored images (profile photos, later logos and product photos). The id is 128 random bits, so
 * the address itself is the capability; content never changes under an id, hence the long cache.
 */
export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/files/:fileId',
    summary: 'Une image enregistrée',
    tags: ['Fichiers'],
    access: 'public',
    params: paramsSchema,
    responses: { 200: null, 404: null },
    handler: async ({ params, reply }) => {
      const file = await readStoredFile(ctx, params.fileId);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(file.content_type)
        .send(Buffer.from(file.data));
    },
  });
}
