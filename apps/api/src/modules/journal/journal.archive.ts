import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { Kysely, Transaction } from 'kysely';
import { localDate } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { ligneCanonique, type EntreeChainee } from './journal.append.js';
import { signatureValide, type CleInstallation } from './journal.cle.js';
import type { ContenuCloture } from './journal.clotures.js';
import { jet } from './journal.jet.js';
import { LISEZMOI } from './journal.lisezmoi.js';

/** How long an archive is kept (article L102 B du livre des procédures fiscales: six years). */
const CONSERVATION_ANS = 6;

/**
 * The same calendar day `ans` years later ('YYYY-MM-DD'); a 29 February gives the 1 March, so
 * that an archive is never kept less than its years.
 */
export function ansApres(jour: string, ans: number): string {
  const [annee, mois, j] = jour.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(annee + ans, mois - 1, j)).toISOString().slice(0, 10);
}

/** An archive built, not stored yet. */
export interface ArchiveConstruite {
  cloture: { sequence: number; reference: string; periode: string };
  nom: string;
  zip: Buffer;
  sha256: string;
  /** The closure's day in the shop (its time zone): the zip's date, and six years' start. */
  jour: string;
}

/**
 * The archive of a month or year closure (docs/regles-metier.md « Archives du journal »), stored
 * in the closure's transaction: built, then kept with its `archive` event in the JET.
 */
export async function archiver(
  trx: Transaction<DB>,
  cle: CleInstallation,
  serviceId: number,
  sequence: number,
): Promise<void> {
  await enregistrerArchive(trx, serviceId, await construireArchive(trx, cle, serviceId, sequence));
}

/**
 * Builds and signs the archive of the closure at `sequence` from the chain alone (which never
 * changes, so that it reads the same in the closure's transaction or years later): the segment
 * from the entry after the previous closure of the same kind to this closure (every entry, of
 * any type), as canonical lines (`journal.txt`) and their hashes (`empreintes.txt`), the JET
 * between the two closures' JET heads (`jet.txt`, `jet-empreintes.txt`), the closures'
 * signatures in raw bytes (`signatures/<n>.sig`), the public key, a README in French, and a
 * manifest of the files' SHA-256 (`sha256sum -c`) signed with the installation's key
 * (`manifeste.sig`). The manifest's signature is checked here: an archive that would not verify
 * is refused.
 */
export async function construireArchive(
  db: Kysely<DB> | Transaction<DB>,
  cle: CleInstallation,
  serviceId: number,
  sequence: number,
): Promise<ArchiveConstruite> {
  const entree = await db
    .selectFrom('journal_entrees')
    .select(['type', 'reference', 'horodatage', 'contenu'])
    .where('service_id', '=', serviceId)
    .where('sequence', '=', sequence)
    .executeTakeFirstOrThrow();
  const contenu = JSON.parse(entree.contenu) as ContenuCloture;
  const precedente = await db
    .selectFrom('journal_entrees')
    .select(['sequence', 'contenu'])
    .where('service_id', '=', serviceId)
    .where('type', '=', entree.type)
    .where('sequence', '<', sequence)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  const jetDepuis = precedente
    ? ((JSON.parse(precedente.contenu) as ContenuCloture).jet?.sequence ?? 0)
    : 0;
  // Closures made before the JET (migration 030) name no JET head: their JET segment is empty.
  const jetJusqua = contenu.jet?.sequence ?? jetDepuis;
  const entrees = await db
    .selectFrom('journal_entrees')
    .select(COLONNES)
    .select('signature')
    .where('service_id', '=', serviceId)
    .where('sequence', '>', Number(precedente?.sequence ?? 0))
    .where('sequence', '<=', sequence)
    .orderBy('sequence')
    .execute();
  const evenements = await db
    .selectFrom('jet_entrees')
    .select(COLONNES)
    .where('service_id', '=', serviceId)
    .where('sequence', '>', jetDepuis)
    .where('sequence', '<=', jetJusqua)
    .orderBy('sequence')
    .execute();
  const fichiers: Record<string, Uint8Array> = {
    'LISEZMOI.txt': strToU8(LISEZMOI),
    'cle-publique.pem': strToU8(cle.publicKeyPem),
    'journal.txt': lignes(entrees),
    'empreintes.txt': empreintes(entrees),
    'jet.txt': lignes(evenements),
    'jet-empreintes.txt': empreintes(evenements),
  };
  for (const e of entrees)
    if (e.signature)
      fichiers[`signatures/${e.sequence}.sig`] = new Uint8Array(Buffer.from(e.signature, 'base64'));
  const manifeste = Object.entries(fichiers)
    .map(([nom, octets]) => `${sha256Octets(octets)}  ${nom}\n`)
    .join('');
  const signature = cle.signer(manifeste);
  if (!signatureValide(cle.publicKeyPem, manifeste, signature))
    throw new Error('La signature de l’archive ne se vérifie pas : archive refusée.');
  fichiers['manifeste.txt'] = strToU8(manifeste);
  fichiers['manifeste.sig'] = new Uint8Array(Buffer.from(signature, 'base64'));
  const jour = localDate(new Date(entree.horodatage), contenu.fuseau);
  const mtime = new Date(`${jour}T12:00:00Z`);
  const zip = Buffer.from(zipSync(fichiers, { level: 6, mtime }));
  return {
    cloture: { sequence, reference: entree.reference, periode: contenu.periode },
    nom: `journal-${serviceId}-${entree.reference}.zip`,
    zip,
    sha256: sha256Octets(zip),
    jour,
  };
}

/**
 * Stores a built archive, kept six years from its closure's day, with its `archive` event in the
 * JET. Returns false, writing nothing, when the closure already has its archive (another
 * instance built it meanwhile): the unique index on the closure decides.
 */
export async function enregistrerArchive(
  trx: Transaction<DB>,
  serviceId: number,
  archive: ArchiveConstruite,
): Promise<boolean> {
  const inseree = await trx
    .insertInto('journal_archives')
    .values({
      service_id: serviceId,
      cloture_sequence: archive.cloture.sequence,
      periode: archive.cloture.periode,
      reference: archive.cloture.reference,
      nom: archive.nom,
      taille: archive.zip.length,
      sha256: archive.sha256,
      data: archive.zip,
      created_at: nowIso(),
      conserver_jusqu_au: ansApres(archive.jour, CONSERVATION_ANS),
    })
    .onConflict((oc) => oc.columns(['service_id', 'cloture_sequence']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inseree) return false;
  await jet(trx, serviceId, 'archive', archive.nom, {
    cloture: archive.cloture.reference,
    taille: archive.zip.length,
    sha256: archive.sha256,
  });
  return true;
}

const COLONNES = [
  'service_id',
  'sequence',
  'type',
  'reference',
  'horodatage',
  'contenu',
  'hash_precedent',
  'hash',
] as const;

type Ligne = Omit<EntreeChainee, 'sequence'> & {
  sequence: number | string;
  hash_precedent: string;
  hash: string;
};

const lignes = (entrees: Ligne[]) =>
  strToU8(
    entrees.map((e) => ligneCanonique({ ...e, sequence: Number(e.sequence) }) + '\n').join(''),
  );

const empreintes = (entrees: Ligne[]) =>
  strToU8(entrees.map((e) => `${e.sequence} ${e.hash_precedent} ${e.hash}\n`).join(''));

export const sha256Octets = (octets: Uint8Array): string =>
  createHash('sha256').update(octets).digest('hex');
