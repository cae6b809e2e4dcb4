import type { Generated } from 'kysely';

/** Purchasing (migration 011): purchases, returns to suppliers, supplier payments. */

/** A purchase: a draft (numero null, statut 'brouillon') until validated, then never edited. */
export interface AchatsTable {
  id: Generated<number>;
  service_id: number;
  numero: string | null;
  cle_idempotence: string;
  empreinte: string;
  cle_validation: string | null;
  empreinte_validation: string | null;
  fournisseur_id: number;
  /** 'YYYY-MM-DD' */
  date_achat: string;
  reference_fournisseur: string | null;
  echeance: string | null;
  frais_transport: number;
  frais_douane: number;
  frais_manutention: number;
  /** Migration 028: the document's discount as entered, and the goods before discounts. */
  remise_globale_type: string | null;
  remise_globale_valeur: number | null;
  total_brut: Generated<number>;
  total_remises: Generated<number>;
  total_marchandises: number;
  total_frais: number;
  total: number;
  montant_paye: Generated<number>;
  montant_retourne: Generated<number>;
  montant_rembourse: Generated<number>;
  /** ACHAT_STATUTS */
  statut: string;
  note: string | null;
  user_id: number;
  created_at: string;
  updated_at: string;
  validated_at: string | null;
}

export interface AchatLignesTable {
  id: Generated<number>;
  service_id: number;
  achat_id: number;
  position: number;
  produit_id: number;
  nom: string;
  unite_symbole: string;
  quantite: number;
  prix_unitaire: number;
  /** Migration 028: the line's discount as entered and its amounts (montant is net of both). */
  remise_type: string | null;
  remise_valeur: number | null;
  montant_brut: Generated<number>;
  remise_ligne: Generated<number>;
  remise_globale: Generated<number>;
  montant: number;
  frais: number;
  cout_revient: number;
  quantite_retournee: Generated<number>;
  cump_avant: number | null;
  cump_apres: number | null;
}

export interface RetoursAchatsTable {
  id: Generated<number>;
  service_id: number;
  achat_id: number;
  fournisseur_id: number;
  numero: string;
  cle_idempotence: string;
  empreinte: string;
  montant: number;
  impute: number;
  rembourse: number;
  mode_remboursement: string | null;
  motif: string | null;
  user_id: number;
  created_at: string;
}

export interface RetourAchatLignesTable {
  id: Generated<number>;
  service_id: number;
  retour_id: number;
  achat_ligne_id: number;
  produit_id: number;
  quantite: number;
  montant: number;
}

export interface ReglementsFournisseursTable {
  id: Generated<number>;
  service_id: number;
  fournisseur_id: number;
  mode: string;
  montant: number;
  operateur: string | null;
  reference: string | null;
  cle_idempotence: string | null;
  empreinte: string | null;
  user_id: number;
  created_at: string;
}

/** The part of a supplier payment allocated to one purchase. */
export interface AchatPaiementsTable {
  id: Generated<number>;
  service_id: number;
  reglement_id: number;
  achat_id: number;
  montant: number;
  created_at: string;
}

/**
 * Migration 041: the purchase list's totals per shop, day, supplier and status, kept by triggers
 * on `achats` (db/day-totals.ts). Never written by the code.
 */
export interface AchatsJoursTable {
  service_id: number;
  jour: string;
  fournisseur_id: number;
  statut: string;
  nombre: number;
  total: number;
  montant_paye: number;
  montant_retourne: number;
  montant_rembourse: number;
}

export interface AchatsTables {
  achats: AchatsTable;
  achats_jours: AchatsJoursTable;
  achat_lignes: AchatLignesTable;
  retours_achats: RetoursAchatsTable;
  retour_achat_lignes: RetourAchatLignesTable;
  reglements_fournisseurs: ReglementsFournisseursTable;
  achat_paiements: AchatPaiementsTable;
}
