import type { Kysely } from 'kysely';
import type { JournalVerification } from '@comptoir/shared';
import type { Chaine } from './journal.append.js';
import type { DB } from '../../db/schema.js';
import { GENESE, messageEntree } from './journal.append.js';
import { signatureValide } from './journal.cle.js';
import { sha256 } from '../../core/idempotence.js';
import { lignesBrutes } from '../../db/database.js';

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
  /** Entries read at a time (tests: a few, so that breaks fall on the pages' edges). */
  taillePage = PAGE,
): Promise<JournalVerification> {
  const journal = await verifierChaine(db, serviceId, 'journal', taillePage);
  const jet = await verifierChaine(db, serviceId, 'jet', taillePage);
  const rupture =
    journal.rupture ??
    (jet.rupture && {
      ...jet.rupture,
      motif: `Journal des événements techniques\u00A0: ${jet.rupture.motif}`,
    });
  return { ...journal, valide: journal.valide && jet.valide, rupture, jet };
}

/** The columns the verification reads: the hashed fields (the shop is the filter), the links. */
const COLONNES = [
  'sequence',
  'type',
  'reference',
  'horodatage',
  'contenu',
  'hash_precedent',
  'hash',
  'signature',
] as const;

/** An entry as read: the values of COLONNES, in their order. */
type Ligne = [number, string, string, string, string, string, string, string | null];

/**
 * Recomputes a shop's chain from its first entry (docs/regles-metier.md « Journal inaltérable »):
 * sequences 1, 2, 3… without gap, each previous hash equal to the hash before it, each hash equal
 * to SHA-256 of the previous hash and the entry's canonical line, and the head row equal to the
 * last entry (a head that moved on meanwhile, a sale appended during the verification: the new
 * entries are read and verified too, then the head again). Names the first entry that does not match. Reads by pages in sequence order, each
 * after the last sequence read (the unique index on the shop and the sequence); the next page is
 * asked for before this one is hashed, so that PostgreSQL reads it meanwhile (SQLite, in process,
 * reads it at the next await). Rows as arrays (database.ts `lignesBrutes`).
 */
async function verifierChaine(
  db: Kysely<DB>,
  serviceId: number,
  chaine: Chaine,
  taillePage: number,
): Promise<Chainage> {
  // Both chains have the same columns (migration 030).
  const entrees = `${chaine}_entrees` as 'journal_entrees';
  const tetes = `${chaine}_tetes` as 'journal_tetes';
  const cle = await db.selectFrom('journal_cle').select('cle_publique').executeTakeFirst();
  const requete = (apres: number) =>
    db
      .selectFrom(entrees)
      .select(COLONNES)
      .where('service_id', '=', serviceId)
      .where('sequence', '>', apres)
      .orderBy('sequence')
      .limit(taillePage);
  const lire = (apres: number) => lignesBrutes<Ligne>(db, requete(apres));
  let attendu = 1;
  let precedent = GENESE;
  /** Verifies the entries from `attendu` to the last one written; a break, or null. */
  const continuer = async (): Promise<Chainage | null> => {
    let suivante: Promise<Ligne[]> | null = lire(attendu - 1);
    try {
      while (suivante) {
        const page: Ligne[] = await suivante;
        suivante = page.length === taillePage ? lire(Number(page.at(-1)![0])) : null;
        for (const e of page) {
          const motif = defaut(e, attendu, precedent, serviceId, cle?.cle_publique);
          if (motif)
            return {
              valide: false,
              entrees: attendu - 1,
              dernierHash: precedent,
              rupture: { sequence: attendu, type: e[1], reference: e[2], motif },
            };
          precedent = e[6];
          attendu += 1;
        }
      }
      return null;
    } finally {
      // A break found before the last page: the page asked for ahead is dropped.
      suivante?.catch(() => {});
    }
  };
  for (;;) {
    const rupture = await continuer();
    if (rupture) return rupture;
    const tete = await db
      .selectFrom(tetes)
      .select(['sequence', 'hash'])
      .where('service_id', '=', serviceId)
      .executeTakeFirst();
    const derniere = attendu - 1;
    const annoncee = tete ? Number(tete.sequence) : 0;
    // A head beyond the last entry read: sales appended since that read (read them, then the head
    // again), unless nothing follows, when entries have gone.
    if (annoncee > derniere) {
      const avant = attendu;
      const suite = await continuer();
      if (suite) return suite;
      if (attendu > avant) continue;
    }
    if (annoncee !== derniere || (tete?.hash ?? GENESE) !== precedent)
      return {
        valide: false,
        entrees: derniere,
        dernierHash: precedent,
        rupture: {
          sequence: derniere + 1,
          type: null,
          reference: null,
          motif: `Le journal s’arrête à l’entrée n° ${derniere} alors que sa tête en annonce ${annoncee} : des entrées ont disparu.`,
        },
      };
    return { valide: true, entrees: derniere, dernierHash: precedent, rupture: null };
  }
}

/**
 * What is wrong with an entry expected at sequence `attendu` after the hash `precedent`: its
 * number, its link, its hash recomputed from its stored fields, a closure's signature. Null: none.
 */
function defaut(
  [sequence, type, reference, horodatage, contenu, hashPrecedent, hash, signature]: Ligne,
  attendu: number,
  precedent: string,
  serviceId: number,
  clePublique: string | undefined,
): string | null {
  if (Number(sequence) !== attendu)
    return `L’entrée n° ${attendu} manque : l’entrée suivante porte le n° ${Number(sequence)}.`;
  if (hashPrecedent !== precedent)
    return `L’entrée n° ${attendu} ne suit pas l’entrée précédente (empreinte précédente différente).`;
  // The shop's number is the filter of the read: the stored one equals it.
  const message = messageEntree(precedent, {
    service_id: serviceId,
    sequence: attendu,
    type,
    reference,
    horodatage,
    contenu,
  });
  if (sha256(message) !== hash)
    return `L’entrée n° ${attendu} a été modifiée : son empreinte ne correspond plus à son contenu.`;
  if (
    type.startsWith('cloture_') &&
    !(clePublique && signature && signatureValide(clePublique, message, signature))
  )
    return `La clôture n° ${attendu} ne porte pas une signature valide de la clé de l’installation.`;
  return null;
}
