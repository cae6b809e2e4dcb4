import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';

/** A stored file's type and bytes; 404 for an unknown id. */
export async function readStoredFile(ctx: AppContext, fileId: string) {
  const file = await ctx.database.db
    .selectFrom('files')
    .select(['content_type', 'data'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw notFound('Fichier introuvable.');
  return file;
}
