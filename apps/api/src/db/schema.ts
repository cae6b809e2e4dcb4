import type {
  UsersTable,
  UserRolesTable,
  ServicesTable,
  ServiceMembersTable,
  RefreshTokensTable,
  PasswordResetTokensTable,
  LoginThrottleTable,
  FilesTable,
  PlansTable,
  AbonnementsTable,
} from './schema/accounts.js';
import type {
  UnitesTable,
  TypesVentesTable,
  CategoriesTable,
  MarquesTable,
  ProduitsTable,
  MouvementsStockTable,
  CoutsCorrigesTable,
  ClientsTable,
  FournisseursTable,
} from './schema/catalogue.js';
import type {
  CompteursDocumentsTable,
  VentesTable,
  VenteLignesTable,
  PaiementsTable,
  RetoursTable,
  RetourLignesTable,
  DettesTable,
  ReglementsTable,
  ReglementAllocationsTable,
} from './schema/documents.js';
import type { DevisTable, DevisLignesTable } from './schema/devis.js';
import type { DepensesTables } from './schema/depenses.js';
import type { AchatsTables } from './schema/achats.js';
import type {
  InventairesTable,
  InventaireCategoriesTable,
  InventaireLignesTable,
  InventaireComptagesTable,
} from './schema/inventaires.js';
import type * as Factures from './schema/factures.js';
import type { CaissesTables } from './schema/caisses.js';
import type { InvitationsTable, InvitationServicesTable } from './schema/invitations.js';
import type { JournalTables } from './schema/journal.js';
import type { SynchroTables } from './schema/synchro.js';
import type { SummariesTables } from './schema/summaries.js';

export type * from './schema/accounts.js';
export type * from './schema/catalogue.js';
export type * from './schema/documents.js';
export type * from './schema/devis.js';
export type * from './schema/depenses.js';
export type * from './schema/achats.js';
export type * from './schema/inventaires.js';
export type * from './schema/factures.js';
export type * from './schema/caisses.js';
export type * from './schema/invitations.js';
export type * from './schema/journal.js';
export type * from './schema/synchro.js';
export type * from './schema/summaries.js';

/**
 * Tables as Kysely sees them. Conventions shared by SQLite and PostgreSQL:
 * timestamps are ISO 8601 UTC text, booleans are integers 0/1, money is an integer count of the
 * currency's minor unit, quantities are integers in thousandths.
 */
export interface DB
  extends AchatsTables, CaissesTables, JournalTables, SynchroTables, SummariesTables {
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
  couts_corriges: CoutsCorrigesTable;
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
  devis: DevisTable;
  devis_lignes: DevisLignesTable;
  depense_categories: DepensesTables['depense_categories'];
  depenses: DepensesTables['depenses'];
  depenses_jours: DepensesTables['depenses_jours'];
  depense_historique: DepensesTables['depense_historique'];
  inventaires: InventairesTable;
  inventaire_categories: InventaireCategoriesTable;
  inventaire_lignes: InventaireLignesTable;
  inventaire_comptages: InventaireComptagesTable;
  factures: Factures.FacturesTable;
  factures_jours: Factures.FacturesJoursTable;
  facture_ventes: Factures.FactureVentesTable;
  facture_lignes: Factures.FactureLignesTable;
  avoirs: Factures.AvoirsTable;
  avoir_lignes: Factures.AvoirLignesTable;
  invitations: InvitationsTable;
  invitation_services: InvitationServicesTable;
}
