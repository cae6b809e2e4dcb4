import type { Kysely } from 'kysely';

/**
 * The owner marks an offline sale's alert as seen (docs/regles-metier.md « Vente hors ligne »):
 * when and by whom. A seen alert leaves the dashboard and stays listed on its product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('alertes_hors_ligne').addColumn('vue_le', 'varchar(32)').execute();
  await db.schema
    .alterTable('alertes_hors_ligne')
    .addColumn('vue_par', 'integer', (c) => c.references('users.id'))
    .execute();
}
