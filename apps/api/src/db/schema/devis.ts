import type { Generated } from 'kysely';

/** Quotes (migration 013): money in minor units, quantities in thousandths, rates in basis points. */
export interface DevisTable {
  id: Generated<number>;
  service_id: number;
  /** Null while a draft. */
  numero: string | null;
  cle_idempotence: string;
  empreinte: string;
  client_id: number;
  type_vente_id: number;
  user_id: number;
  /** DEVIS_STATUTS_STOCKES: « expire » is derived from date_validite, never stored. */
  statut: string;
  date_validite: string;
  remise_type: string | null;
  remise_valeur: number | null;
  total_brut: number;
  total_remises: number;
  remise_globale: number;
  total_ht: number;
  total_tva: number;
  total_ttc: number;
  note: string | null;
  conditions: string | null;
  vente_id: number | null;
  envoye_at: string | null;
  decide_at: string | null;
  converti_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A line: a product, or free text (a service) when produit_id is null. */
export interface DevisLignesTable {
  id: Generated<number>;
  service_id: number;
  devis_id: number;
  position: number;
  produit_id: number | null;
  designation: string;
  reference: string | null;
  unite_symbole: string;
  quantite: number;
  prix_unitaire: number;
  taux_tva: number;
  remise_type: string | null;
  remise_valeur: number | null;
  montant_brut: number;
  remise_ligne: number;
  remise_globale: number;
  montant_ht: number;
  montant_tva: number;
  montant_ttc: number;
}
