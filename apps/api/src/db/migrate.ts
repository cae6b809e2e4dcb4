import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import type { MigrationContext } from './migration-helpers.js';
import { refreshStatistics } from './statistics.js';
import * as m001 from './migrations/001_foundation.js';
import * as m002 from './migrations/002_accounts.js';
import * as m003 from './migrations/003_catalogue.js';
import * as m004 from './migrations/004_catalogue_sorts.js';
import * as m005 from './migrations/005_trigram_search.js';
import * as m006 from './migrations/006_sqlite_fts_search.js';
import * as m007 from './migrations/007_ventes.js';
import * as m008 from './migrations/008_produits_perf.js';
import * as m009 from './migrations/009_login_throttle.js';
import * as m011 from './migrations/011_achats.js';
import * as m012 from './migrations/012_depenses.js';
import * as m013 from './migrations/013_devis.js';
import * as m014 from './migrations/014_factures.js';
import * as m015 from './migrations/015_inventaires.js';
import * as m017 from './migrations/017_invitations.js';
import * as m018 from './migrations/018_caisses.js';
import * as m023 from './migrations/023_tri_francais.js';
import * as m027 from './migrations/027_tri_francais_listes.js';
import * as m019 from './migrations/019_journal.js';
import * as m025 from './migrations/025_journal_archives.js';
import * as m026 from './migrations/026_hors_ligne.js';
import * as m028 from './migrations/028_achats_remises.js';
import * as m029 from './migrations/029_caisses_appareils.js';
import * as m032 from './migrations/032_factures_soldes.js';
import * as m034 from './migrations/034_ventes_avoir.js';
import * as m035 from './migrations/035_ventes_avoir_inalterable.js';
import * as m031 from './migrations/031_alertes_vues.js';
import * as m030 from './migrations/030_jet.js';
import * as m037 from './migrations/037_ventes_ecartees_vendeur.js';
import * as m038 from './migrations/038_caisses_inalterables.js';
import * as m039 from './migrations/039_mouvements_cump.js';
import * as m040 from './migrations/040_documents_session_inalterable.js';
import * as m041 from './migrations/041_achats_jours.js';
import * as m042 from './migrations/042_factures_jours.js';
import * as m043 from './migrations/043_depenses_jours.js';
import * as m044 from './migrations/044_factures_non_payees.js';
import * as m045 from './migrations/045_ventes_quarts.js';
import * as m046 from './migrations/046_paiements_quarts.js';
import * as m047 from './migrations/047_produits_jours.js';
import * as m049 from './migrations/049_factures_recherche.js';
import * as m050 from './migrations/050_produits_periodes.js';
import * as m051 from './migrations/051_couts_corriges.js';
import * as m053 from './migrations/053_journal_clotures.js';
import * as m054 from './migrations/054_catalogue_lectures.js';
import * as m055 from './migrations/055_recherche_exacte.js';
import * as m056 from './migrations/056_recherche_ordonnee.js';
import * as m057 from './migrations/057_ordre_produits.js';
import * as m058 from './migrations/058_resumes_par_index.js';
import * as m059 from './migrations/059_validation_a_la_suite.js';

type MigrationModule = {
  up: (db: Parameters<Migration['up']>[0], ctx: MigrationContext) => Promise<void>;
};

/** Versioned migrations, in order. Add a file in migrations/ and list it here. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '001_foundation': m001,
  '002_accounts': m002,
  '003_catalogue': m003,
  '004_catalogue_sorts': m004,
  '005_trigram_search': m005,
  '006_sqlite_fts_search': m006,
  '007_ventes': m007,
  '008_produits_perf': m008,
  '009_login_throttle': m009,
  '011_achats': m011,
  '012_depenses': m012,
  '013_devis': m013,
  '014_factures': m014,
  '015_inventaires': m015,
  '017_invitations': m017,
  '018_caisses': m018,
  '023_tri_francais': m023,
  '027_tri_francais_listes': m027,
  '019_journal': m019,
  '025_journal_archives': m025,
  '026_hors_ligne': m026,
  '028_achats_remises': m028,
  '029_caisses_appareils': m029,
  '032_factures_soldes': m032,
  '034_ventes_avoir': m034,
  '035_ventes_avoir_inalterable': m035,
  '031_alertes_vues': m031,
  '030_jet': m030,
  '037_ventes_ecartees_vendeur': m037,
  '038_caisses_inalterables': m038,
  '039_mouvements_cump': m039,
  '040_documents_session_inalterable': m040,
  '041_achats_jours': m041,
  '042_factures_jours': m042,
  '043_depenses_jours': m043,
  '044_factures_non_payees': m044,
  '045_ventes_quarts': m045,
  '046_paiements_quarts': m046,
  '047_produits_jours': m047,
  '049_factures_recherche': m049,
  '050_produits_periodes': m050,
  '051_couts_corriges': m051,
  '053_journal_clotures': m053,
  '054_catalogue_lectures': m054,
  '055_recherche_exacte': m055,
  '056_recherche_ordonnee': m056,
  '057_ordre_produits': m057,
  '058_resumes_par_index': m058,
  '059_validation_a_la_suite': m059,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly ctx: MigrationContext) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(MIGRATIONS))
      out[name] = { up: (db) => mod.up(db, this.ctx) };
    return out;
  }
}

export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: new StaticProvider({ dialect: database.dialect }),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Each module's migrations touch only its own tables and are developed in parallel, so a
    // migration may land with a number below one a database already ran: run it, in name order.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`La migration de la base de données a échoué : ${reason}`);
  }
  // SQLite advises an optimize when a long-lived connection opens; PostgreSQL analyses a new schema.
  if (database.dialect === 'sqlite' || results?.some((r) => r.status === 'Success'))
    await refreshStatistics(database);
}
