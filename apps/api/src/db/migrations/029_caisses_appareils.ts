import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * One register, one device (docs/regles-metier.md « Vente hors ligne »): the device that last chose
 * each register (`caisse_appareils`); a sale the sync refused and that was recorded again under
 * the register's next number keeps the number the till had given (`ventes_renumerotees`); a
 * refused sale the owner discarded is kept with its reason (`ventes_ecartees`).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('caisse_appareils')
    .addColumn('caisse_id', 'integer', (c) =>
      c.primaryKey().references('caisses.id').onDelete('cascade'),
    )
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('appareil', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('depuis', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ventes_renumerotees')
    .addColumn('vente_id', 'integer', (c) => c.primaryKey().references('ventes.id'))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('numero_initial', 'varchar(40)', (c) => c.notNull())
    .addColumn('motif_refus', 'varchar(500)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ventes_ecartees')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('caisse_id', 'integer', (c) =>
      c.notNull().references('caisses.id').onDelete('cascade'),
    )
    .addColumn('cle', 'varchar(64)', (c) => c.notNull())
    .addColumn('numero', 'varchar(40)', (c) => c.notNull())
    .addColumn('total_ttc', 'bigint', (c) => c.notNull())
    .addColumn('contenu', 'text', (c) => c.notNull())
    .addColumn('motif', 'varchar(500)', (c) => c.notNull())
    .addColumn('motif_refus', 'varchar(500)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ventes_ecartees_cle_uq')
    .on('ventes_ecartees')
    .columns(['service_id', 'cle'])
    .unique()
    .execute();
}
