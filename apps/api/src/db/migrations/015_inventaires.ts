import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Inventories (docs/regles-metier.md « Inventaires »): a session per shop with its perimeter, one
 * line per product snapshotted at opening (its count, and the product's quantity at its last
 * count), and every count event (who, when, how). At most one open inventory per shop: a partial
 * unique index, on both databases.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('inventaires')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('statut', 'varchar(10)', (c) => c.notNull())
    .addColumn('perimetre', 'varchar(12)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('ouvert_par', 'integer', (c) => c.references('users.id'))
    .addColumn('ouvert_le', 'varchar(32)', (c) => c.notNull())
    .addColumn('cloture_par', 'integer', (c) => c.references('users.id'))
    .addColumn('cloture_le', 'varchar(32)')
    .execute();
  await sql`create unique index inventaires_ouvert_uq on inventaires (service_id) where statut = 'ouvert'`.execute(
    db,
  );
  await db.schema
    .createIndex('inventaires_service_idx')
    .on('inventaires')
    .columns(['service_id', 'id'])
    .execute();

  await db.schema
    .createTable('inventaire_categories')
    .addColumn('inventaire_id', 'integer', (c) =>
      c.notNull().references('inventaires.id').onDelete('cascade'),
    )
    .addColumn('categorie_id', 'integer', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('inventaire_categories_pk', ['inventaire_id', 'categorie_id'])
    .execute();

  // Counts are updated in place by one UPDATE (scans add up without lost update); `quantite_au_comptage`
  // is the product's quantity read by that same statement. `prix_achat`, `ecart` and
  // `valeur_ecart` are written at validation.
  await db.schema
    .createTable('inventaire_lignes')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('inventaire_id', 'integer', (c) =>
      c.notNull().references('inventaires.id').onDelete('cascade'),
    )
    .addColumn('produit_id', 'integer', (c) =>
      c.notNull().references('produits.id').onDelete('cascade'),
    )
    .addColumn('quantite_ouverture', 'bigint', (c) => c.notNull())
    .addColumn('quantite_comptee', 'bigint')
    .addColumn('quantite_au_comptage', 'bigint')
    .addColumn('comptages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dernier_comptage_par', 'integer', (c) => c.references('users.id'))
    .addColumn('dernier_comptage_le', 'varchar(32)')
    .addColumn('prix_achat', 'bigint')
    .addColumn('ecart', 'bigint')
    .addColumn('valeur_ecart', 'bigint')
    .execute();
  await db.schema
    .createIndex('inventaire_lignes_produit_uq')
    .on('inventaire_lignes')
    .columns(['inventaire_id', 'produit_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('inventaire_lignes_produit_idx')
    .on('inventaire_lignes')
    .column('produit_id')
    .execute();

  await db.schema
    .createTable('inventaire_comptages')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('inventaire_id', 'integer', (c) =>
      c.notNull().references('inventaires.id').onDelete('cascade'),
    )
    .addColumn('produit_id', 'integer', (c) =>
      c.notNull().references('produits.id').onDelete('cascade'),
    )
    .addColumn('mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inventaire_comptages_cle_uq')
    .on('inventaire_comptages')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  await db.schema
    .createIndex('inventaire_comptages_ligne_idx')
    .on('inventaire_comptages')
    .columns(['inventaire_id', 'produit_id'])
    .execute();
}
