import type { Generated } from 'kysely';

/** Global lists (units, sale types), the shop's catalogue, stock ledger and parties. */

export interface UnitesTable {
  id: Generated<number>;
  nom: string;
  symbole: string;
  fractionnable: number;
  created_at: string;
}

export interface TypesVentesTable {
  id: Generated<number>;
  nom: string;
  /** 'detail' | 'gros' */
  prix_utilise: string;
  actif: number;
}

/**
 * Categories and brands: `nom_cle` = lower(nom), unique in the shop; `nom_tri` = frenchSortKey(nom)
 * (migration 027), written with the name.
 */
export interface CategoriesTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_cle: string;
  nom_tri: string;
  created_at: string;
}
export type MarquesTable = CategoriesTable;

/**
 * `nom_recherche`: searchKey(nom), `nom_tri`: frenchSortKey(nom) (migration 023), both written on
 * every write. `quantite` = sum of the movements.
 */
export interface ProduitsTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_recherche: string;
  nom_tri: string;
  reference: string | null;
  code_barres: string | null;
  categorie_id: number | null;
  marque_id: number | null;
  unite_id: number;
  prix_achat: number;
  prix_vente: number;
  prix_gros: number | null;
  taux_tva: number;
  seuil_alerte: number;
  quantite: Generated<number>;
  image_file_id: string | null;
  description: string | null;
  actif: number;
  created_at: string;
  updated_at: string;
}

export interface MouvementsStockTable {
  id: Generated<number>;
  service_id: number;
  produit_id: number;
  quantite: number;
  /** MOUVEMENT_TYPES */
  type: string;
  motif: string | null;
  document_type: string | null;
  document_id: number | null;
  user_id: number | null;
  created_at: string;
  /**
   * The product's weighted average cost right after the movement (minor units); migration 039.
   * Nullable on SQLite only (read as the cost today); always written by modules/stock.
   */
  cump: number;
}

/**
 * A change of a product's cost that no movement records (a hand correction on its form), written
 * with the change (migration 051); minor units.
 */
export interface CoutsCorrigesTable {
  id: Generated<number>;
  service_id: number;
  produit_id: number;
  cump_avant: number;
  cump_apres: number;
  user_id: number | null;
  created_at: string;
}

export interface ClientsTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_recherche: string;
  nom_tri: string;
  telephone: string | null;
  email: string | null;
  adresse: string | null;
  notes: string | null;
  plafond_credit: number | null;
  /** A business (migration 013): its identifiers go on quotes and invoices. */
  professionnel: Generated<number>;
  siren: string | null;
  siret: string | null;
  tva_intracom: string | null;
  adresse_livraison: string | null;
  actif: number;
  created_at: string;
  updated_at: string;
}

export interface FournisseursTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_recherche: string;
  nom_tri: string;
  contact: string | null;
  telephone: string | null;
  email: string | null;
  adresse: string | null;
  actif: number;
  created_at: string;
  updated_at: string;
}
