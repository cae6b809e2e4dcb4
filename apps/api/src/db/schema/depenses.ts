import type { Generated } from 'kysely';

/** Expenses of a shop, their categories and the history of their changes. */

/** A category of expenses, per shop; seeded with DEPENSE_CATEGORIES_DEFAUT, never deleted. */
export interface DepenseCategoriesTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  /** lower(nom): a name is unique in the shop whatever the case. */
  nom_cle: string;
  created_at: string;
}

/** An expense. A deleted one keeps its row (supprime_le, supprime_par) for the history. */
export interface DepensesTable {
  id: Generated<number>;
  service_id: number;
  categorie_id: number;
  libelle: string;
  montant: number;
  /** The shop's calendar day, YYYY-MM-DD. */
  date: string;
  /** MODES_PAIEMENT */
  mode: string;
  justificatif_file_id: string | null;
  user_id: number;
  cle_idempotence: string;
  empreinte: string;
  created_at: string;
  updated_at: string;
  supprime_le: string | null;
  supprime_par: number | null;
}

/** One change of an expense: the owner's edit, receipt change or deletion; JSON states. */
export interface DepenseHistoriqueTable {
  id: Generated<number>;
  service_id: number;
  depense_id: number;
  /** DEPENSE_ACTIONS */
  action: string;
  user_id: number;
  created_at: string;
  avant: string | null;
  apres: string | null;
}

/**
 * Migration 043: the expense list's totals per shop, day, category and deletion, kept by triggers
 * on `depenses` (db/day-totals.ts). Never written by the code.
 */
export interface DepensesJoursTable {
  service_id: number;
  jour: string;
  categorie_id: number;
  /** 1 for deleted expenses, 0 for the others. */
  supprimee: number;
  nombre: number;
  montant: number;
}

/** The module's tables, merged into DB (schema.ts) in one line. */
export interface DepensesTables {
  depenses_jours: DepensesJoursTable;
  depense_categories: DepenseCategoriesTable;
  depenses: DepensesTable;
  depense_historique: DepenseHistoriqueTable;
}
