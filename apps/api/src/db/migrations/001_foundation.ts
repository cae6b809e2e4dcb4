import type { Kysely } from 'kysely';
import { idColumn, blobType, type MigrationContext } from '../migration-helpers.js';

/** Users, roles, shops and their members, sessions, password resets, login throttling, files. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('prenom', 'varchar(100)', (c) => c.notNull())
    .addColumn('nom', 'varchar(100)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(30)')
    .addColumn('profile_image_id', 'varchar(64)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('nom', 'varchar(120)', (c) => c.notNull())
    .addColumn('adresse', 'varchar(255)')
    .addColumn('ville', 'varchar(120)')
    .addColumn('pays', 'varchar(2)')
    .addColumn('telephone', 'varchar(30)')
    .addColumn('email', 'varchar(254)')
    .addColumn('devise', 'varchar(3)', (c) => c.notNull())
    .addColumn('siret', 'varchar(14)')
    .addColumn('tva_intracom', 'varchar(20)')
    .addColumn('ninea', 'varchar(20)')
    .addColumn('rccm', 'varchar(40)')
    .addColumn('assujetti_tva', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taux_tva_defaut', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prix_ttc', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('stock_negatif_autorise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entete_ticket', 'text')
    .addColumn('pied_ticket', 'text')
    .addColumn('logo_file_id', 'varchar(64)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('services_owner_idx').on('services').column('owner_id').execute();

  await db.schema
    .createTable('service_members')
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('service_members_pk', ['service_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('service_members_user_idx')
    .on('service_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_user_idx')
    .on('refresh_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_email_idx')
    .on('login_failures')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_ip_idx')
    .on('login_failures')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', blobType(ctx), (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
