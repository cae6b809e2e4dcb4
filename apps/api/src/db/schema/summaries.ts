/** Summaries of the sales kept by the database's triggers (db/summaries.ts, migrations 045–050). */

/** Per shop, UTC quarter of an hour ('2026-06-15T09:45') of the sale, and seller. */
export interface VentesQuartsTable {
  service_id: number;
  quart: string;
  user_id: number;
  nombre: number;
  total_ttc: number;
  total_ht: number;
  /** Cost of the sales' lines, each rounded half up. */
  cout: number;
}

/** Per shop and UTC quarter of an hour of the return. */
export interface RetoursQuartsTable {
  service_id: number;
  quart: string;
  nombre: number;
  total_ttc: number;
  total_ht: number;
  cout: number;
}

/** Per shop, UTC quarter of an hour of the sale, mode and operator ('' for none). */
export interface PaiementsQuartsTable {
  service_id: number;
  quart: string;
  mode: string;
  operateur: string;
  nombre: number;
  montant: number;
}

/**
 * Per shop, UTC day, product (0 for service lines), and the sale's seller and type: what was sold
 * (`produits_jours`, on the sale's day) or returned (`produits_retours_jours`, the return's day);
 * the same per UTC month ('2026-03', `produits_mois`) and year ('2026', `produits_annees`).
 */
export interface ProduitsJoursTable {
  service_id: number;
  jour: string;
  produit_id: number;
  user_id: number;
  type_vente_id: number;
  /** The number of lines. */
  lignes: number;
  quantite: number;
  total_ht: number;
  total_ttc: number;
  cout: number;
}

type ProduitsPeriode<K extends string> = Omit<ProduitsJoursTable, 'jour'> & Record<K, string>;

export interface SummariesTables {
  ventes_quarts: VentesQuartsTable;
  retours_quarts: RetoursQuartsTable;
  paiements_quarts: PaiementsQuartsTable;
  produits_jours: ProduitsJoursTable;
  produits_retours_jours: ProduitsJoursTable;
  produits_mois: ProduitsPeriode<'mois'>;
  produits_retours_mois: ProduitsPeriode<'mois'>;
  produits_annees: ProduitsPeriode<'annee'>;
  produits_retours_annees: ProduitsPeriode<'annee'>;
}
