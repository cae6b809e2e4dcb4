import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Catalogue and stock of a shop: categories, brands, products, the stock ledger, customers and
 * suppliers. Names carry a search key written in TypeScript (lower case, accents removed), so that
 * searches behave the same on SQLite and PostgreSQL and use an index.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  for (const table of ['categories', 'marques'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => idColumn(c, ctx))
      .addColumn('service_id', 'integer', (c) =>
        c.notNull().references('services.id').onDelete('cascade'),
      )
      .addColumn('nom', 'varchar(100)', (c) => c.notNull())
      // lower(nom): one name per shop whatever the case.
      .addColumn('nom_cle', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex(`${table}_nom_uq`)
      .on(table)
      .columns(['service_id', 'nom_cle'])
      .unique()
      .execute();
  }

  await db.schema
    .createTable('produits')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('nom_recherche', 'varchar(150)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)')
    .addColumn('code_barres', 'varchar(48)')
    .addColumn('categorie_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('marque_id', 'integer', (c) => c.references('marques.id'))
    .addColumn('unite_id', 'integer', (c) => c.notNull().references('unites.id'))
    .addColumn('prix_achat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prix_vente', 'bigint', (c) => c.notNull())
    .addColumn('prix_gros', 'bigint')
    .addColumn('taux_tva', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seuil_alerte', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quantite', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('image_file_id', 'varchar(32)')
    .addColumn('description', 'text')
    .addColumn('actif', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('produits_nom_recherche_idx')
    .on('produits')
    .columns(['service_id', 'nom_recherche'])
    .execute();
  await db.schema
    .createIndex('produits_reference_uq')
    .on('produits')
    .columns(['service_id', 'reference'])
    .unique()
    .execute();
  await db.schema
    .createIndex('produits_code_barres_uq')
    .on('produits')
    .columns(['service_id', 'code_barres'])
    .unique()
    .execute();
  await db.schema
    .createIndex('produits_categorie_idx')
    .on('produits')
    .columns(['service_id', 'categorie_id'])
    .execute();
  await db.schema
    .createIndex('produits_marque_idx')
    .on('produits')
    .columns(['service_id', 'marque_id'])
    .execute();
  await db.schema.createIndex('produits_unite_idx').on('produits').column('unite_id').execute();
  await db.schema
    .createIndex('produits_created_idx')
    .on('produits')
    .columns(['service_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('mouvements_stock')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('produit_id', 'integer', (c) =>
      c.notNull().references('produits.id').onDelete('cascade'),
    )
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('motif', 'varchar(255)')
    .addColumn('document_type', 'varchar(30)')
    .addColumn('document_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mouvements_produit_idx')
    .on('mouvements_stock')
    .columns(['produit_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('mouvements_service_idx')
    .on('mouvements_stock')
    .columns(['service_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('nom_recherche', 'varchar(150)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(20)')
    .addColumn('email', 'varchar(254)')
    .addColumn('adresse', 'varchar(255)')
    .addColumn('notes', 'text')
    .addColumn('plafond_credit', 'bigint')
    .addColumn('actif', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fournisseurs')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('nom_recherche', 'varchar(150)', (c) => c.notNull())
    .addColumn('contact', 'varchar(150)')
    .addColumn('telephone', 'varchar(20)')
    .addColumn('email', 'varchar(254)')
    .addColumn('adresse', 'varchar(255)')
    .addColumn('actif', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  for (const table of ['clients', 'fournisseurs'] as const) {
    await db.schema
      .createIndex(`${table}_nom_idx`)
      .on(table)
      .columns(['service_id', 'nom_recherche'])
      .execute();
    await db.schema
      .createIndex(`${table}_telephone_idx`)
      .on(table)
      .columns(['service_id', 'telephone'])
      .execute();
    await db.schema
      .createIndex(`${table}_email_idx`)
      .on(table)
      .columns(['service_id', 'email'])
      .execute();
  }
}
