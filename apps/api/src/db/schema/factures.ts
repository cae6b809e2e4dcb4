import type { Generated } from 'kysely';

/** Invoices and credit notes (migration 014): snapshots taken at issue, never edited. */

export interface FacturesTable {
  id: Generated<number>;
  service_id: number;
  numero: string;
  cle_idempotence: string;
  empreinte: string;
  client_id: number;
  user_id: number;
  /** JSON of VendeurFacture: the seller's mentions at issue. */
  vendeur: string;
  client_nom: string;
  client_adresse: string | null;
  client_siren: string | null;
  client_adresse_livraison: string | null;
  client_tva_intracom: string | null;
  client_professionnel: number;
  devise: string;
  /** FACTURE_NATURES */
  nature: string;
  date_debut: string;
  date_fin: string;
  echeance: string;
  total_brut: number;
  total_remises: number;
  total_ht: number;
  total_tva: number;
  total_ttc: number;
  montant_avoirs: Generated<number>;
  avoirs_commerciaux: Generated<number>;
  /** What the customer still owes on it (migration 032), kept by modules/dettes/dettes.factures.ts. */
  reste: Generated<number>;
  /** FACTURE_STATUTS_PAIEMENT: payee | partiellement_payee | impayee (« en retard » is read). */
  statut_paiement: Generated<string>;
  note: string | null;
  created_at: string;
}

export interface FactureVentesTable {
  id: Generated<number>;
  service_id: number;
  facture_id: number;
  vente_id: number;
}

export interface FactureLignesTable {
  id: Generated<number>;
  service_id: number;
  facture_id: number;
  position: number;
  vente_id: number;
  vente_ligne_id: number;
  nom: string;
  reference: string | null;
  unite_symbole: string;
  quantite: number;
  prix_unitaire_ht: number;
  taux_tva: number;
  remise: number;
  montant_ht: number;
  montant_tva: number;
  montant_ttc: number;
  quantite_creditee: Generated<number>;
}

export interface AvoirsTable {
  id: Generated<number>;
  service_id: number;
  facture_id: number;
  numero: string;
  cle_idempotence: string;
  empreinte: string;
  user_id: number;
  montant_ht: number;
  montant_tva: number;
  montant_ttc: number;
  motif: string | null;
  created_at: string;
}

export interface AvoirLignesTable {
  id: Generated<number>;
  service_id: number;
  avoir_id: number;
  facture_ligne_id: number;
  retour_id: number | null;
  quantite: number;
  montant_ht: number;
  montant_tva: number;
  montant_ttc: number;
}

/**
 * Migration 042: the invoice list's totals per shop, UTC day of issue, customer, payment status
 * and due date, kept by triggers on `factures` (db/day-totals.ts). Never written by the code.
 */
export interface FacturesJoursTable {
  service_id: number;
  /** 'YYYY-MM-DD', the UTC day of `created_at`. */
  jour: string;
  client_id: number;
  statut_paiement: string;
  echeance: string;
  nombre: number;
  total_ht: number;
  total_ttc: number;
  montant_avoirs: number;
  reste: number;
}
