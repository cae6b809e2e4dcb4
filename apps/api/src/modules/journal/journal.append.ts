import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { canonical, sha256 } from '../../core/idempotence.js';
import { figee } from '../../db/figees.js';
import { ecritures } from './journal.ecritures.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** The previous hash of a shop's first entry. */
export const GENESE = '0'.repeat(64);

/** An event to journal: its kind, its document's number (or id) and what it records. */
export interface Evenement {
  /** 'vente' | 'retour' | 'reglement' | 'facture' | 'avoir' | 'session_ouverture' | … (≤ 30 characters) */
  type: string;
  reference: string;
  /** Plain JSON: objects, arrays, strings, integers (money in minor units), booleans, null. */
  contenu: Record<string, unknown>;
  /** When the event happened (ISO 8601 UTC); now by default. */
  horodatage?: string;
}

/** The columns an entry's hash covers. */
export interface EntreeChainee {
  service_id: number;
  sequence: number;
  type: string;
  reference: string;
  horodatage: string;
  /** Canonical JSON text. */
  contenu: string;
}

/**
 * The canonical line of an entry: JSON, keys sorted, no spaces, the content embedded as is
 * (it is canonical already). Hash of an entry = SHA-256 (hex) of the UTF-8 bytes of
 * `hash_precedent + "\n" + ligne`: `printf '%s\n%s' "$prev" "$ligne" | openssl dgst -sha256`.
 */
export function ligneCanonique(e: EntreeChainee): string {
  return (
    `{"boutique":${e.service_id},"contenu":${e.contenu},"horodatage":${JSON.stringify(e.horodatage)},` +
    `"reference":${JSON.stringify(e.reference)},"sequence":${e.sequence},"type":${JSON.stringify(e.type)}}`
  );
}

/** The bytes an entry's hash covers (and a closure's signature): previous hash, newline, line. */
export const messageEntree = (hashPrecedent: string, e: EntreeChainee): string =>
  `${hashPrecedent}\n${ligneCanonique(e)}`;

export const hashEntree = (hashPrecedent: string, e: EntreeChainee): string =>
  sha256(messageEntree(hashPrecedent, e));

/** The two chains of a shop: the sales journal, and the technical events journal (JET). */
export type Chaine = 'journal' | 'jet';

/** A clock that went back by more than this since the chain's last append is an anomaly. */
export const ANOMALIE_HORLOGE_MS = 60_000;

/**
 * Bench only: `npm run bench`'s journal part (bench/journal-direct.ts) sets it in its own process
 * to measure the same write path without the append step. Nothing else sets it; no setting or
 * environment variable reaches it.
 */
export const banc = { sansJournal: false };

/**
 * Appends an event to its shop's journal (or its JET), in the caller's transaction (the event's
 * own): the head row of the shop's chain is incremented first — its row lock on PostgreSQL (SQLite
 * has a single writer) makes concurrent appends of one shop queue, so the chain stays linear and
 * gapless —, then the entry is written with the previous hash and its own. Take it last among a
 * document's locks. The head keeps the server's clock of the last append: a clock found more than
 * a minute behind it is recorded in the JET (`anomalie_horloge`), in the same transaction. Returns
 * the entry's sequence and hash.
 */
export async function journaliser(
  trx: Transaction<DB>,
  serviceId: number,
  evenement: Evenement,
  /** Closures: signs the entry's message (journal.cle.ts), stored in `signature`. */
  signer?: (message: string) => string,
  chaine: Chaine = 'journal',
): Promise<{ sequence: number; hash: string }> {
  if (banc.sansJournal) return { sequence: 0, hash: GENESE };
  // Both chains have the same columns (migration 030).
  const tetes = `${chaine}_tetes` as 'journal_tetes';
  const entrees = `${chaine}_entrees` as 'journal_entrees';
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres && !signer) {
    const fait = await appendEnSql(trx, serviceId, evenement, chaine);
    if (fait) return fait;
  }
  const [tete] = await ecritures[chaine].tete(trx, serviceId, GENESE);
  if (!tete) throw new Error(`Tête de ${chaine} non écrite`);
  const horloge = nowIso();
  const entree: EntreeChainee = {
    service_id: serviceId,
    sequence: Number(tete.sequence),
    type: evenement.type,
    reference: evenement.reference,
    horodatage: evenement.horodatage ?? horloge,
    contenu: canonical(evenement.contenu),
  };
  const message = messageEntree(tete.hash, entree);
  const hash = sha256(message);
  const ligne = {
    ...entree,
    hash_precedent: tete.hash,
    hash,
    signature: signer?.(message) ?? null,
  };
  // PostgreSQL: the entry and the head's new hash in one statement (one round trip); SQLite has no
  // writing WITH, two statements on its single connection.
  if (postgres)
    await trx
      .with('entree', (db) => db.insertInto(entrees).values(ligne))
      .updateTable(tetes)
      .set({ hash, horloge })
      .where('service_id', '=', serviceId)
      .execute();
  else {
    await ecritures[chaine].entree(trx, ligne);
    await ecritures[chaine].hash(trx, hash, horloge, serviceId);
  }
  await verifierHorloge(trx, serviceId, evenement, chaine, entree.sequence, tete.horloge, horloge);
  return { sequence: entree.sequence, hash };
}

/** A clock found more than a minute behind the chain's last append: recorded in the JET. */
async function verifierHorloge(
  trx: Transaction<DB>,
  serviceId: number,
  evenement: Evenement,
  chaine: Chaine,
  sequence: number,
  derniere: string | null,
  horloge: string,
): Promise<void> {
  const ecart = derniere ? Date.parse(derniere) - Date.parse(horloge) : 0;
  if (ecart > ANOMALIE_HORLOGE_MS && evenement.type !== 'anomalie_horloge')
    await journaliser(
      trx,
      serviceId,
      {
        type: 'anomalie_horloge',
        reference: `${chaine}-${sequence}`,
        contenu: {
          chaine,
          sequence,
          derniereHorloge: derniere,
          horloge,
          reculSecondes: Math.round(ecart / 1000),
        },
      },
      undefined,
      'jet',
    );
}

/** appendEnSql's statement, per chain, built once (db/figees.ts). */
const ajoutsSql = {
  journal: figee((db: Kysely<DB>, v: ValeursAjout) => ajoutSeul(v, 'journal')),
  jet: figee((db: Kysely<DB>, v: ValeursAjout) => ajoutSeul(v, 'jet')),
};
const ajoutSeul = (v: ValeursAjout, chaine: Chaine) =>
  sql<TeteAjoutee>`with ${ajoutEnCte(v, chaine)} select sequence, hash, horloge from jt`;

/**
 * PostgreSQL, an entry without signature: the head locked and moved, the entry written, in one
 * statement (one round trip while the shop's appends queue on the head). Null when the shop has no
 * head yet: journaliser creates it.
 */
async function appendEnSql(
  trx: Transaction<DB>,
  serviceId: number,
  evenement: Evenement,
  chaine: Chaine,
): Promise<{ sequence: number; hash: string } | null> {
  const valeurs = valeursAjout(serviceId, evenement);
  const [tete] = await ajoutsSql[chaine](trx, valeurs);
  return finirAjout(trx, serviceId, evenement, chaine, tete, valeurs.horloge);
}

/** What a statement of `ajoutEnCte` selects from `jt`: the entry's sequence and hash, the head's last clock. */
export interface TeteAjoutee {
  sequence: number;
  hash: string;
  horloge: string | null;
}

/**
 * The values of an append made by PostgreSQL (`ajoutEnCte`), plain data: the canonical line with
 * sequence 0, cut around that 0 (what comes before, what comes after), and the entry's columns.
 */
export interface ValeursAjout {
  serviceId: number;
  avant: string;
  apres: string;
  /** The server's clock of this append (the head keeps it). */
  horloge: string;
  type: string;
  reference: string;
  horodatage: string;
  contenu: string;
}

export function valeursAjout(serviceId: number, evenement: Evenement): ValeursAjout {
  const horloge = nowIso();
  const entree: EntreeChainee = {
    service_id: serviceId,
    sequence: 0,
    type: evenement.type,
    reference: evenement.reference,
    horodatage: evenement.horodatage ?? horloge,
    contenu: canonical(evenement.contenu),
  };
  const modele = ligneCanonique(entree);
  const coupe = modele.lastIndexOf(',"sequence":0,"type":') + ',"sequence":'.length;
  return {
    serviceId,
    avant: modele.slice(0, coupe),
    apres: modele.slice(coupe + 1),
    horloge,
    type: entree.type,
    reference: entree.reference,
    horodatage: entree.horodatage,
    contenu: entree.contenu,
  };
}

/**
 * An append as three CTEs of a PostgreSQL statement (`jo`, `jt`, `je`): the head locked and moved,
 * the entry written; the caller selects `sequence, hash, horloge` from `jt` and passes that row to
 * `finirAjout` (no row: the shop has no head yet). The hash is computed by the database over the
 * very bytes `hashEntree` hashes: the canonical line is made here around its sequence, which only
 * the locked head knows; `sha256` of PostgreSQL over the UTF-8 text (the database is UTF-8) gives
 * the hex that Node gives. The chain's verification recomputes it in Node (journal.verify.ts).
 * Only passes its values on: a statement of it can be built once (db/figees.ts).
 */
export function ajoutEnCte(v: ValeursAjout, chaine: Chaine = 'journal'): RawBuilder<unknown> {
  const tetes = sql.table(`${chaine}_tetes`);
  return sql`jo as materialized (
      select sequence, hash, horloge from ${tetes} where service_id = ${v.serviceId} for no key update
    ), jt as (
      update ${tetes} h set sequence = jo.sequence + 1,
        hash = encode(sha256(convert_to(jo.hash || chr(10) || ${v.avant}::text
          || (jo.sequence + 1)::text || ${v.apres}::text, 'UTF8')), 'hex'),
        horloge = ${v.horloge}
      from jo where h.service_id = ${v.serviceId}
      returning h.sequence, h.hash, jo.hash as precedent, jo.horloge
    ), je as (
      insert into ${sql.table(`${chaine}_entrees`)}
        (service_id, sequence, type, reference, horodatage, contenu, hash_precedent, hash)
      select ${v.serviceId}, jt.sequence, ${v.type}, ${v.reference}, ${v.horodatage},
        ${v.contenu}, jt.precedent, jt.hash from jt
    )`;
}

/** After a statement of `ajoutEnCte`: the clock's check; null when the shop had no head. */
export async function finirAjout(
  trx: Transaction<DB>,
  serviceId: number,
  evenement: Evenement,
  chaine: Chaine,
  tete: TeteAjoutee | undefined,
  horloge: string,
): Promise<{ sequence: number; hash: string } | null> {
  if (!tete) return null;
  const sequence = Number(tete.sequence);
  await verifierHorloge(trx, serviceId, evenement, chaine, sequence, tete.horloge, horloge);
  return { sequence, hash: tete.hash };
}
