import type { Kysely, Selectable } from 'kysely';
import type { DB, ServicesTable } from '../../db/schema.js';

/** The shop's logo when pdfkit can draw it (PNG or JPEG). */
export async function logoOf(
  db: Kysely<DB>,
  service: Selectable<ServicesTable>,
): Promise<Buffer | null> {
  if (!service.logo_file_id) return null;
  const file = await db
    .selectFrom('files')
    .select(['content_type', 'data'])
    .where('id', '=', service.logo_file_id)
    .executeTakeFirst();
  if (!file || !/^image\/(png|jpeg)$/.test(file.content_type)) return null;
  return Buffer.from(file.data);
}
