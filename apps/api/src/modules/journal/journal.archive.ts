import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { addDays, nowIso } from '../../db/time.js';
import { ligneCanonique } from './journal.append.js';
import { signatureValide, type CleInstallation } from './journal.cle.js';
import { jet } from './journal.jet.js';
import { LISEZMOI } from './journal.lisezmoi.js';

/** How long an archive is kept (article L102 B du livre des procédures fiscales: six years). */
const CONSERVATION_ANS = 6;

/**
 * Builds, signs and stores the archive of a month or year closure (docs/regles-metier.md
 * « Archives du journal »), in the closure's transaction: the chain's segment from the entry after
 * the previous closure of the same kind to this closure (every entry, of any type), as canonical
 * lines (`journal.txt`) and their hashes (`empreintes.txt`), the closures' signatures in raw
 * bytes (`signatures/<n>.sig`), the public key, a README in French, and a manifest of the files'
 * SHA-256 (`sha256sum -c`) signed with the installation's key (`manifeste.sig`). The manifest's
 * signature is checked before the archive is stored: an archive that would not verify is refused.
 */
export async function archiver(
  trx: Transaction<DB>,
  cle: CleInstallation,
  serviceId: number,
  cloture: {
    sequence: number;
    reference: string;
    periode: string;
    jour: string;
    /** The JET's segment: after the previous closure's JET head, to this closure's. */
    jet: { depuis: number; jusqua: number };
  },
): Promise<void> {
  const precedente = await trx
    .selectFrom('journal_entrees')
    .select((eb) => eb.fn.max('sequence').as('s'))
    .where('service_id', '=', serviceId)
    .where('type', '=', `cloture_${cloture.periode}`)
    .where('sequence', '<', cloture.sequence)
    .executeTakeFirst();
  const entrees = await trx
    .selectFrom('journal_entrees')
    .select([
      'service_id',
      'sequence',
      'type',
      'reference',
      'horodatage',
      'contenu',
      'hash_precedent',
      'hash',
      'signature',
    ])
    .where('service_id', '=', serviceId)
    .where('sequence', '>', Number(precedente?.s ?? 0))
    .where('sequence', '<=', cloture.sequence)
    .orderBy('sequence')
    .execute();
  const evenements = await trx
    .selectFrom('jet_entrees')
    .select([
      'service_id',
      'sequence',
      'type',
      'reference',
      'horodatage',
      'contenu',
      'hash_precedent',
      'hash',
    ])
    .where('service_id', '=', serviceId)
    .where('sequence', '>', cloture.jet.depuis)
    .where('sequence', '<=', cloture.jet.jusqua)
    .orderBy('sequence')
    .execute();
  const fichiers: Record<string, Uint8Array> = {
    'LISEZMOI.txt': strToU8(LISEZMOI),
    'cle-publique.pem': strToU8(cle.publicKeyPem),
    'journal.txt': strToU8(
      entrees.map((e) => ligneCanonique({ ...e, sequence: Number(e.sequence) }) + '\n').join(''),
    ),
    'empreintes.txt': strToU8(
      entrees.map((e) => `${e.sequence} ${e.hash_precedent} ${e.hash}\n`).join(''),
    ),
    'jet.txt': strToU8(
      evenements.map((e) => ligneCanonique({ ...e, sequence: Number(e.sequence) }) + '\n').join(''),
    ),
    'jet-empreintes.txt': strToU8(
      evenements.map((e) => `${e.sequence} ${e.hash_precedent} ${e.hash}\n`).join(''),
    ),
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
  const mtime = new Date(`${cloture.jour}T12:00:00Z`);
  const zip = Buffer.from(zipSync(fichiers, { level: 6, mtime }));
  const nom = `journal-${serviceId}-${cloture.reference}.zip`;
  await trx
    .insertInto('journal_archives')
    .values({
      service_id: serviceId,
      cloture_sequence: cloture.sequence,
      periode: cloture.periode,
      reference: cloture.reference,
      nom,
      taille: zip.length,
      sha256: sha256Octets(zip),
      data: zip,
      created_at: nowIso(),
      conserver_jusqu_au: addDays(cloture.jour, Math.round(CONSERVATION_ANS * 365.25)),
    })
    .execute();
  await jet(trx, serviceId, 'archive', nom, {
    cloture: cloture.reference,
    taille: zip.length,
    sha256: sha256Octets(zip),
  });
}

export const sha256Octets = (octets: Uint8Array): string =>
  createHash('sha256').update(octets).digest('hex');
