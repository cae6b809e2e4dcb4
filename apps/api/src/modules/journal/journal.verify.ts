import type { Kysely } from 'kysely';
import type { JournalVerification } from '@comptoir/shared';
import type { Chaine } from './journal.append.js';
import type { DB } from '../../db/schema.js';
import { GENESE, messageEntree } from './journal.append.js';
import { signatureValide } from './journal.cle.js';
import { sha256 } from '../../core/idempotence.js';

const PAGE = 5000;

type Chainage = Omit<JournalVerification, 'jet'>;

/**
 * Verifies both chains of a shop, the sales journal then the JET (docs/regles-metier.md « Journal
 * inaltérable », « Journal des événements techniques »): valid when both are; the first break of
 * the sales journal, else of the JET, is named.
 */
export async function verifierJournal(
  db: Kysely<DB>,
  serviceId: number,
): Promise<JournalVerification> {
  const journal = await verifierChaine(db, serviceId, 'journal');
  const jet = await verifierChaine(db, serviceId, 'jet');
  const rupture =
    journal.rupture ??
    (jet.rupture && {
      ...jet.rupture,
      motif: `Journal des événements techniques\u00A0: ${jet.rupture.motif}`,
    });
  return { ...journal, valide: journal.valide && jet.valide, rupture, jet };
}

/**
 * Recomputes a shop's chain from its first entry (docs/regles-metier.md « Journal inaltérable »):
 * sequences 1, 2, 3… without gap, each previous hash equal to the hash before it, each hash equal
 * to SHA-256 of the previous hash and the entry's canonical line, and the head row equal to the
 * last entry. Names the first entry that does not match. Reads by pages in sequence order.
 */
async function verifierChaine(
  db: Kysely<DB>,
  serviceId: number,
  chaine: Chaine,
): Promise<Chainage> {
  // Both chains have the same columns (migration 030).
  const entrees = `${chaine}_entrees` as 'journal_entrees';
  const tetes = `${chaine}_tetes` as 'journal_tetes';
  const cle = await db.selectFrom('journal_cle').select('cle_publique').executeTakeFirst();
  let attendu = 1;
  let precedent = GENESE;
  for (;;) {
    const page = await db
      .selectFrom(entrees)
      .select([
        'id',
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
      .where('sequence', '>=', attendu)
      .orderBy('sequence')
      .limit(PAGE)
      .execute();
    for (const row of page) {
      const e = { ...row, sequence: Number(row.sequence) };
      const rupture = (motif: string): Chainage => ({
        valide: false,
        entrees: attendu - 1,
        dernierHash: precedent,
        rupture: { sequence: attendu, type: e.type, reference: e.reference, motif },
      });
      if (e.sequence !== attendu)
        return rupture(
          `L’entrée n° ${attendu} manque : l’entrée suivante porte le n° ${e.sequence}.`,
        );
      if (e.hash_precedent !== precedent)
        return rupture(
          `L’entrée n° ${attendu} ne suit pas l’entrée précédente (empreinte précédente différente).`,
        );
      const message = messageEntree(precedent, e);
      if (sha256(message) !== e.hash)
        return rupture(
          `L’entrée n° ${attendu} a été modifiée : son empreinte ne correspond plus à son contenu.`,
        );
      if (
        e.type.startsWith('cloture_') &&
        !(cle && e.signature && signatureValide(cle.cle_publique, message, e.signature))
      )
        return rupture(
          `La clôture n° ${attendu} ne porte pas une signature valide de la clé de l’installation.`,
        );
      precedent = e.hash;
      attendu += 1;
    }
    if (page.length < PAGE) break;
  }
  const tete = await db
    .selectFrom(tetes)
    .select(['sequence', 'hash'])
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  const derniere = attendu - 1;
  if ((tete ? Number(tete.sequence) : 0) !== derniere || (tete?.hash ?? GENESE) !== precedent)
    return {
      valide: false,
      entrees: derniere,
      dernierHash: precedent,
      rupture: {
        sequence: derniere + 1,
        type: null,
        reference: null,
        motif: `Le journal s’arrête à l’entrée n° ${derniere} alors que sa tête en annonce ${tete ? Number(tete.sequence) : 0} : des entrées ont disparu.`,
      },
    };
  return { valide: true, entrees: derniere, dernierHash: precedent, rupture: null };
}
