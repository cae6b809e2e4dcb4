import type { ColumnType, Generated } from 'kysely';

/** The register session a document was made on (migration 018); none for back-office documents without money. */
export type CaisseSessionColumn = ColumnType<number | null, number | null | undefined, never>;

/** Commercial documents: counters, sales, returns, debts and repayments. */

/** Gapless numbering: one row per shop, document kind ('vente', 'retour') and year. */
export interface CompteursDocumentsTable {
  service_id: number;
  type: string;
  annee: number;
  dernier: number;
}

/** A validated sale: never edited; paid/returned/statut/impressions follow its later documents. */
export interface VentesTable {
  id: Generated<number>;
  service_id: number;
  numero: string;
  cle_idempotence: string;
  empreinte: string;
  type_vente_id: number;
  client_id: number | null;
  user_id: number;
  remise_type: string | null;
  remise_valeur: number | null;
  total_brut: number;
  total_remises: number;
  remise_globale: number;
  total_ht: number;
  total_tva: number;
  total_ttc: number;
  montant_paye: number;
  /** Part of the total paid at the sale by the customer's available credit. */
  avoir: Generated<number>;
  montant_retourne: Generated<number>;
  rendu: Generated<number>;
  /** VENTE_STATUTS */
  statut: string;
  impressions: Generated<number>;
  note: string | null;
  created_at: string;
  caisse_session_id: CaisseSessionColumn;
}

export interface VenteLignesTable {
  id: Generated<number>;
  service_id: number;
  vente_id: number;
  position: number;
  /** Null for a service line (from a quote's free-text line): no stock moves for it. */
  produit_id: number | null;
  nom: string;
  reference: string | null;
  code_barres: string | null;
  unite_symbole: string;
  quantite: number;
  prix_unitaire: number;
  taux_tva: number;
  prix_achat: number;
  remise_type: string | null;
  remise_valeur: number | null;
  montant_brut: number;
  remise_ligne: number;
  remise_globale: number;
  montant_ht: number;
  montant_tva: number;
  montant_ttc: number;
  quantite_retournee: Generated<number>;
}

export interface PaiementsTable {
  id: Generated<number>;
  service_id: number;
  vente_id: number;
  /** MODES_PAIEMENT */
  mode: string;
  montant: number;
  recu: number | null;
  rendu: Generated<number>;
  operateur: string | null;
  reference: string | null;
  created_at: string;
}

export interface RetoursTable {
  id: Generated<number>;
  service_id: number;
  vente_id: number;
  numero: string;
  cle_idempotence: string;
  empreinte: string;
  /** RETOUR_MODES */
  mode: string;
  mode_remboursement: string | null;
  montant_ht: number;
  montant_tva: number;
  montant_ttc: number;
  impute_dette: number;
  rembourse: number;
  avoir: number;
  motif: string | null;
  user_id: number;
  created_at: string;
  caisse_session_id: CaisseSessionColumn;
}

export interface RetourLignesTable {
  id: Generated<number>;
  service_id: number;
  retour_id: number;
  vente_ligne_id: number;
  produit_id: number;
  quantite: number;
  montant_ht: number;
  montant_tva: number;
  montant_ttc: number;
}

/** The unpaid rest of a sale; `paye` = sum of its allocations. */
export interface DettesTable {
  id: Generated<number>;
  service_id: number;
  vente_id: number;
  client_id: number;
  montant: number;
  paye: Generated<number>;
  /** 'YYYY-MM-DD' */
  echeance: string;
  created_at: string;
}

/** A repayment, or (mode 'avoir') the credit of a return; `disponible` = not yet allocated. */
export interface ReglementsTable {
  id: Generated<number>;
  service_id: number;
  client_id: number;
  mode: string;
  montant: number;
  disponible: Generated<number>;
  operateur: string | null;
  reference: string | null;
  retour_id: number | null;
  cle_idempotence: string | null;
  empreinte: string | null;
  user_id: number;
  created_at: string;
  caisse_session_id: CaisseSessionColumn;
}

export interface ReglementAllocationsTable {
  id: Generated<number>;
  service_id: number;
  reglement_id: number;
  dette_id: number;
  montant: number;
  created_at: string;
}
