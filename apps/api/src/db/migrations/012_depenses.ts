import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { DEPENSE_CATEGORIES_DEFAUT } from '@comptoir/shared';
import { idColumn, type MigrationContext } from '../migration-helpers.js';
import { nowIso } from '../time.js';

/**
 * Expenses: categories per shop (the defaults given to every existing shop here, and to later
 * shops when their categories are first read), expenses, and the history of their changes. A
 * deleted expense keeps its row (supprime_le): lists and totals read the live ones only, through
 * partial indexes that also carry the amount and category, so that the totals of a period are
 * read from the index alone.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const shop = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn('id', 'integer', (c) => idColumn(c, ctx))
      .addColumn('service_id', 'integer', (c) =>
        c.notNull().references('services.id').onDelete('cascade'),
      );

  await shop(db.schema.createTable('depense_categories'))
    .addColumn('nom', 'varchar(60)', (c) => c.notNull())
    .addColumn('nom_cle', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('depense_categories_nom_uq')
    .on('depense_categories')
    .columns(['service_id', 'nom_cle'])
    .unique()
    .execute();

  await shop(db.schema.createTable('depenses'))
    .addColumn('categorie_id', 'integer', (c) =>
      c.notNull().references('depense_categories.id').onDelete('cascade'),
    )
    .addColumn('libelle', 'varchar(200)', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('justificatif_file_id', 'varchar(64)', (c) =>
      c.references('files.id').onDelete('set null'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('supprime_le', 'varchar(32)')
    .addColumn('supprime_par', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('depenses_cle_uq')
    .on('depenses')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  // The list (newest first) and the totals of a period; the same with a category filter.
  await db.schema
    .createIndex('depenses_date_idx')
    .on('depenses')
    .columns(['service_id', 'date', 'id', 'categorie_id', 'montant'])
    .where(sql.ref('supprime_le'), 'is', null)
    .execute();
  await db.schema
    .createIndex('depenses_categorie_idx')
    .on('depenses')
    .columns(['service_id', 'categorie_id', 'date', 'id', 'montant'])
    .where(sql.ref('supprime_le'), 'is', null)
    .execute();

  await shop(db.schema.createTable('depense_historique'))
    .addColumn('depense_id', 'integer', (c) =>
      c.notNull().references('depenses.id').onDelete('cascade'),
    )
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('avant', 'text')
    .addColumn('apres', 'text')
    .execute();
  await db.schema
    .createIndex('depense_historique_depense_idx')
    .on('depense_historique')
    .columns(['depense_id', 'id'])
    .execute();
  await db.schema
    .createIndex('depense_historique_service_idx')
    .on('depense_historique')
    .columns(['service_id', 'id'])
    .execute();

  // Shops that exist now get the default categories; later shops get them on first read.
  const now = nowIso();
  const shops = await sql<{ id: number }>`select id from services`.execute(db);
  for (const { id } of shops.rows)
    for (const nom of DEPENSE_CATEGORIES_DEFAUT)
      await sql`insert into depense_categories (service_id, nom, nom_cle, created_at)
        values (${id}, ${nom}, ${nom.toLowerCase()}, ${now})`.execute(db);
}
