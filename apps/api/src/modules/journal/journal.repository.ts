import type { Kysely } from 'kysely';
import type { ClotureJournal, JournalEntree } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import type { ContenuCloture } from './journal.clotures.js';

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

/** The shop's closures, most recent first (docs/regles-metier.md « Clôtures »). */
export async function listeClotures(
  db: Kysely<DB>,
  serviceId: number,
  limit = 100,
): Promise<ClotureJournal[]> {
  const rows = await db
    .selectFrom('journal_entrees')
    .select(['sequence', 'type', 'reference', 'horodatage', 'contenu', 'signature'])
    .where('service_id', '=', serviceId)
    .where('type', 'in', ['cloture_jour', 'cloture_mois', 'cloture_exercice'])
    .orderBy('sequence', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => versCloture({ ...r, sequence: Number(r.sequence) }));
}

/** One closure of the shop, by its journal sequence. */
export async function clotureDe(
  db: Kysely<DB>,
  serviceId: number,
  sequence: number,
): Promise<ClotureJournal> {
  const r = await db
    .selectFrom('journal_entrees')
    .select(['sequence', 'reference', 'horodatage', 'contenu', 'signature'])
    .where('service_id', '=', serviceId)
    .where('sequence', '=', sequence)
    .executeTakeFirstOrThrow();
  return versCloture({ ...r, sequence: Number(r.sequence) });
}

/** A closure entry as the API shows it. */
export function versCloture(r: {
  sequence: number;
  reference: string;
  horodatage: string;
  contenu: string;
  signature: string | null;
}): ClotureJournal {
  const c = JSON.parse(r.contenu) as ContenuCloture;
  return {
    sequence: r.sequence,
    reference: r.reference,
    horodatage: r.horodatage,
    periode: c.periode,
    debut: c.debut,
    fin: c.fin,
    depuis: c.depuis,
    jusqua: c.jusqua,
    evenements: c.evenements,
    automatique: c.utilisateur === null,
    ventes: c.ventes,
    retours: c.retours,
    tva: c.tva,
    paiements: c.paiements,
    total: c.total,
    grandTotal: c.grandTotal,
    signature: r.signature ?? '',
  };
}
