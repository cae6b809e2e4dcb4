import type { Generated } from 'kysely';

/** Inventories (migration 015): sessions, their categories, lines per product, count events. */

export interface InventairesTable {
  id: Generated<number>;
  service_id: number;
  /** INVENTAIRE_STATUTS: 'ouvert' | 'valide' | 'annule' */
  statut: string;
  /** 'boutique' | 'categories' */
  perimetre: string;
  note: string | null;
  ouvert_par: number | null;
  ouvert_le: string;
  cloture_par: number | null;
  cloture_le: string | null;
}

export interface InventaireCategoriesTable {
  inventaire_id: number;
  categorie_id: number;
}

export interface InventaireLignesTable {
  id: Generated<number>;
  inventaire_id: number;
  produit_id: number;
  quantite_ouverture: number;
  quantite_comptee: number | null;
  /** The product's quantity when it was last counted (opening + movements until then). */
  quantite_au_comptage: number | null;
  comptages: Generated<number>;
  dernier_comptage_par: number | null;
  dernier_comptage_le: string | null;
  /** Written at validation. */
  prix_achat: number | null;
  ecart: number | null;
  valeur_ecart: number | null;
}

export interface InventaireComptagesTable {
  id: Generated<number>;
  service_id: number;
  inventaire_id: number;
  produit_id: number;
  /** 'scan' (adds `quantite`) | 'saisie' (sets it) */
  mode: string;
  quantite: number;
  user_id: number | null;
  cle_idempotence: string;
  empreinte: string;
  created_at: string;
}
