import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Conventions shared by SQLite and PostgreSQL:
 * timestamps are ISO 8601 UTC text, booleans are integers 0/1, money is an integer count of the
 * currency's minor unit, quantities are integers in thousandths.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  prenom: string;
  nom: string;
  telephone: string | null;
  profile_image_id: string | null;
  active: number;
  session_version: Generated<number>;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface ServicesTable {
  id: Generated<number>;
  owner_id: number;
  nom: string;
  adresse: string | null;
  ville: string | null;
  pays: string | null;
  telephone: string | null;
  email: string | null;
  devise: string;
  siret: string | null;
  tva_intracom: string | null;
  ninea: string | null;
  rccm: string | null;
  assujetti_tva: number;
  taux_tva_defaut: number;
  prix_ttc: number;
  stock_negatif_autorise: number;
  entete_ticket: string | null;
  pied_ticket: string | null;
  logo_file_id: string | null;
  active: number;
  prefixe_vente: Generated<string>;
  prefixe_facture: Generated<string>;
  prefixe_devis: Generated<string>;
  prefixe_achat: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface ServiceMembersTable {
  service_id: number;
  user_id: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One throttling counter (modules/auth/throttle.ts): key such as `pair:<e-mail>|<adresse>`. */
export interface LoginThrottleTable {
  key: string;
  attempts: number;
  next_at: string;
  last_at: string;
}

export interface FilesTable {
  id: string;
  content_type: string;
  size: number;
  data: Uint8Array;
  created_by: number | null;
  created_at: string;
}

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

export interface PlansTable {
  id: Generated<number>;
  nom: string;
  duree_mois: number;
  prix: number;
  devise: string;
  max_services: number;
  max_users: number;
  retire: number;
  created_at: string;
}

/** Dates 'YYYY-MM-DD', end included; the status is derived (suspendu, dates), never stored. */
export interface AbonnementsTable {
  id: Generated<number>;
  owner_id: number;
  plan_id: number;
  date_debut: string;
  date_fin: string;
  montant_paye: number;
  devise: string;
  /** 'especes' | 'mobile_money' | 'carte' | 'virement' | 'cheque' */
  mode_paiement: string;
  reference: string | null;
  suspendu: number;
  created_at: string;
  created_by: number | null;
}

/** Categories and brands: `nom_cle` = lower(nom), unique in the shop. */
export interface CategoriesTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_cle: string;
  created_at: string;
}
export type MarquesTable = CategoriesTable;

/** `nom_recherche`: searchKey(nom), written on every write. `quantite` = sum of the movements. */
export interface ProduitsTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_recherche: string;
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
}

export interface ClientsTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_recherche: string;
  telephone: string | null;
  email: string | null;
  adresse: string | null;
  notes: string | null;
  plafond_credit: number | null;
  actif: number;
  created_at: string;
  updated_at: string;
}

export interface FournisseursTable {
  id: Generated<number>;
  service_id: number;
  nom: string;
  nom_recherche: string;
  contact: string | null;
  telephone: string | null;
  email: string | null;
  adresse: string | null;
  actif: number;
  created_at: string;
  updated_at: string;
}

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
  montant_retourne: Generated<number>;
  rendu: Generated<number>;
  /** VENTE_STATUTS */
  statut: string;
  impressions: Generated<number>;
  note: string | null;
  created_at: string;
}

export interface VenteLignesTable {
  id: Generated<number>;
  service_id: number;
  vente_id: number;
  position: number;
  produit_id: number;
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
}

export interface ReglementAllocationsTable {
  id: Generated<number>;
  service_id: number;
  reglement_id: number;
  dette_id: number;
  montant: number;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  user_roles: UserRolesTable;
  services: ServicesTable;
  service_members: ServiceMembersTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_throttle: LoginThrottleTable;
  files: FilesTable;
  unites: UnitesTable;
  types_ventes: TypesVentesTable;
  plans: PlansTable;
  abonnements: AbonnementsTable;
  categories: CategoriesTable;
  marques: MarquesTable;
  produits: ProduitsTable;
  mouvements_stock: MouvementsStockTable;
  clients: ClientsTable;
  fournisseurs: FournisseursTable;
  compteurs_documents: CompteursDocumentsTable;
  ventes: VentesTable;
  vente_lignes: VenteLignesTable;
  paiements: PaiementsTable;
  retours: RetoursTable;
  retour_lignes: RetourLignesTable;
  dettes: DettesTable;
  reglements: ReglementsTable;
  reglement_allocations: ReglementAllocationsTable;
}
