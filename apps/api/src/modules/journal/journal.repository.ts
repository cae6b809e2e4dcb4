import type { Kysely } from 'kysely';
import type { ClotureJournal, JournalArchive, JournalEntree } from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import type { ContenuCloture } from './journal.clotures.js';
import { estCloture } from './journal.clotures.limites.js';

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
    .where(estCloture())
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

/** The shop's archives, most recent first, without their bytes. */
export async function listeArchives(db: Kysely<DB>, serviceId: number): Promise<JournalArchive[]> {
  const rows = await db
    .selectFrom('journal_archives')
    .select([
      'id',
      'cloture_sequence',
      'periode',
      'reference',
      'nom',
      'taille',
      'sha256',
      'created_at',
      'conserver_jusqu_au',
    ])
    .where('service_id', '=', serviceId)
    .orderBy('cloture_sequence', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    clotureSequence: Number(r.cloture_sequence),
    periode: r.periode as JournalArchive['periode'],
    reference: r.reference,
    nom: r.nom,
    taille: r.taille,
    sha256: r.sha256,
    createdAt: r.created_at,
    conserverJusquAu: r.conserver_jusqu_au,
  }));
}

/** One archive's zip (404 when not the shop's). */
export async function fichierArchive(db: Kysely<DB>, serviceId: number, archiveId: number) {
  const row = await db
    .selectFrom('journal_archives')
    .select(['nom', 'data', 'sha256'])
    .where('service_id', '=', serviceId)
    .where('id', '=', archiveId)
    .executeTakeFirst();
  if (!row) throw notFound('Archive introuvable.');
  return row;
}
