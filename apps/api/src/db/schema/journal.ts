import type { Generated } from 'kysely';

/** The inalterable journal (migration 019): entries chained per shop, and each chain's head. */
export interface JournalTables {
  journal_entrees: {
    id: Generated<number>;
    service_id: number;
    /** 1, 2, 3… per shop, without gaps. */
    sequence: number;
    /** JOURNAL_TYPES: 'vente' | 'retour' | 'reglement' | … */
    type: string;
    /** The event's document number (V-2026-000123) or id. */
    reference: string;
    horodatage: string;
    /** Canonical JSON of the event (modules/journal/journal.canonique.ts). */
    contenu: string;
    hash_precedent: string;
    hash: string;
    /** Closures: Ed25519 signature (base64) of `hash_precedent + "\n" + ligne`. */
    signature: string | null;
  };
  /** The installation's Ed25519 key pair (PEM), one row (id 1). */
  journal_cle: {
    id: number;
    cle_publique: string;
    cle_privee: string;
    created_at: string;
  };
  /** Migration 025: one signed zip per month or year closure, kept six years. */
  journal_archives: {
    id: Generated<number>;
    service_id: number;
    cloture_sequence: number;
    periode: string;
    reference: string;
    nom: string;
    taille: number;
    sha256: string;
    data: Buffer;
    created_at: string;
    /** 'YYYY-MM-DD': six years after the closure. */
    conserver_jusqu_au: string;
  };
  journal_tetes: {
    service_id: number;
    sequence: number;
    hash: string;
    /** Migration 030: the server's clock at the last append (clock anomalies). */
    horloge: string | null;
  };
  /** Migration 030: the technical events journal (JET), chained per shop like the journal. */
  jet_entrees: JournalTables['journal_entrees'];
  jet_tetes: JournalTables['journal_tetes'];
}
