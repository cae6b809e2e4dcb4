import type { Generated } from 'kysely';

/** Registers, their sessions and cash movements (migration 018). */

export interface CaissesTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  /** lower(nom): a name is unique in the shop whatever the case. */
  nom_cle: string;
  /** Default receipt width of the register's printer, 80 or 58 (mm); null: the device's choice. */
  largeur_ticket: number | null;
  created_at: string;
}

export interface CaisseSessionsTable {
  id: Generated<number>;
  service_id: number;
  caisse_id: number;
  /** SESSION_STATUTS: 'ouverte' | 'cloturee' */
  statut: string;
  fond: number;
  ouvert_par: number;
  ouverte_le: string;
  cloturee_par: number | null;
  cloturee_le: string | null;
  numero_z: string | null;
  /** Sum of the variances of every mode, written at closing. */
  ecart: number | null;
  motif_ecart: string | null;
  /** The Z report (RapportCaisse as JSON), written once at closing. */
  rapport: string | null;
}

export interface CaisseMouvementsTable {
  id: Generated<number>;
  service_id: number;
  session_id: number;
  numero: string;
  /** MOUVEMENT_CAISSE_TYPES */
  type: string;
  montant: number;
  motif: string;
  /** The expense recorded with a « dépense payée en caisse ». */
  depense_id: number | null;
  user_id: number;
  cle_idempotence: string;
  empreinte: string;
  created_at: string;
}

/** The module's tables, merged into DB (schema.ts) in one line. */
export interface CaissesTables {
  caisses: CaissesTable;
  caisse_sessions: CaisseSessionsTable;
  caisse_mouvements: CaisseMouvementsTable;
}
