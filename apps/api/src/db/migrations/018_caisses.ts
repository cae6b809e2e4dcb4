import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Registers and their sessions (docs/regles-metier.md « Caisses et sessions »): registers per shop
 * (every existing shop gets « Caisse 1 »), sessions (at most one open per register: a partial unique
 * index, on both databases), numbered cash in and out, and the session each sale, return and
 * repayment was made on (a nullable column: back-office documents without money have none).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('caisses')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('nom', 'varchar(60)', (c) => c.notNull())
    .addColumn('nom_cle', 'varchar(60)', (c) => c.notNull())
    .addColumn('largeur_ticket', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('caisses_nom_uq')
    .on('caisses')
    .columns(['service_id', 'nom_cle'])
    .unique()
    .execute();
  await sql`insert into caisses (service_id, nom, nom_cle, largeur_ticket, created_at)
    select id, 'Caisse 1', 'caisse 1', null, created_at from services`.execute(db);

  await db.schema
    .createTable('caisse_sessions')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('caisse_id', 'integer', (c) =>
      c.notNull().references('caisses.id').onDelete('cascade'),
    )
    .addColumn('statut', 'varchar(10)', (c) => c.notNull())
    .addColumn('fond', 'bigint', (c) => c.notNull())
    .addColumn('ouvert_par', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('ouverte_le', 'varchar(32)', (c) => c.notNull())
    .addColumn('cloturee_par', 'integer', (c) => c.references('users.id'))
    .addColumn('cloturee_le', 'varchar(32)')
    .addColumn('numero_z', 'varchar(32)')
    .addColumn('ecart', 'bigint')
    .addColumn('motif_ecart', 'varchar(500)')
    // The Z report as closed (JSON): frozen, never recomputed.
    .addColumn('rapport', 'text')
    .execute();
  await sql`create unique index caisse_sessions_ouverte_uq on caisse_sessions (caisse_id) where statut = 'ouverte'`.execute(
    db,
  );
  await db.schema
    .createIndex('caisse_sessions_service_idx')
    .on('caisse_sessions')
    .columns(['service_id', 'id'])
    .execute();
  await db.schema
    .createIndex('caisse_sessions_caisse_idx')
    .on('caisse_sessions')
    .columns(['caisse_id', 'id'])
    .execute();

  await db.schema
    .createTable('caisse_mouvements')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('caisse_sessions.id').onDelete('cascade'),
    )
    .addColumn('numero', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('motif', 'varchar(200)', (c) => c.notNull())
    .addColumn('depense_id', 'integer', (c) => c.references('depenses.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('caisse_mouvements_cle_uq')
    .on('caisse_mouvements')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  await db.schema
    .createIndex('caisse_mouvements_session_idx')
    .on('caisse_mouvements')
    .columns(['session_id', 'id'])
    .execute();

  for (const table of ['ventes', 'retours', 'reglements']) {
    await db.schema
      .alterTable(table)
      .addColumn('caisse_session_id', 'integer', (c) => c.references('caisse_sessions.id'))
      .execute();
    await db.schema
      .createIndex(`${table}_caisse_session_idx`)
      .on(table)
      .column('caisse_session_id')
      .where(sql.ref('caisse_session_id'), 'is not', null)
      .execute();
  }
}
