import type { Generated } from 'kysely';

/** Accounts, sessions, shops, files and subscriptions. */

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  prenom: string;
  nom: string;
  /** frenchSortKey of nom and prenom (migration 027), written with the names. */
  nom_tri: string;
  prenom_tri: string;
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
  /** frenchSortKey(nom) (migration 027), written with the name. */
  nom_tri: string;
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
  rcs: string | null;
  forme_juridique: string | null;
  capital: number | null;
  taux_penalites: number | null;
  delai_paiement: Generated<number>;
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
