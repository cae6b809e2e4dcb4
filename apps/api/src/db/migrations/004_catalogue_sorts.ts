import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/** Sorted pages of a 100,000-product shop by price and by quantity on hand (bench/catalogue.mjs). */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('produits_prix_vente_idx')
    .on('produits')
    .columns(['service_id', 'prix_vente'])
    .execute();
  await db.schema
    .createIndex('produits_quantite_idx')
    .on('produits')
    .columns(['service_id', 'quantite'])
    .execute();
}
