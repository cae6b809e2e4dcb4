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
  journal_tetes: {
    service_id: number;
    sequence: number;
    hash: string;
  };
}
