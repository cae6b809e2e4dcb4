import type { Kysely } from 'kysely';
import type { JournalEntree } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';

/** The shop's last `limit` entries, most recent first. */
export async function dernieresEntrees(
  db: Kysely<DB>,
  serviceId: number,
  limit = 50,
): Promise<JournalEntree[]> {
  const rows = await db
    .selectFrom('journal_entrees')
    .select(['sequence', 'type', 'reference', 'horodatage', 'contenu', 'hash_precedent', 'hash'])
    .where('service_id', '=', serviceId)
    .orderBy('sequence', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    sequence: Number(r.sequence),
    type: r.type,
    reference: r.reference,
    horodatage: r.horodatage,
    contenu: r.contenu,
    hashPrecedent: r.hash_precedent,
    hash: r.hash,
  }));
}
