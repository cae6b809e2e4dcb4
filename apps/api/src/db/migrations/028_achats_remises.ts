import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * Discounts on purchases (issue 11), as on sales: a line discount and a document discount (type
 * and value as entered), their amounts on each line and the purchase's totals before discounts.
 * Existing purchases had none: their gross amounts are their net ones.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('achats').addColumn('remise_globale_type', 'varchar(10)').execute();
  await db.schema.alterTable('achats').addColumn('remise_globale_valeur', 'bigint').execute();
  for (const column of ['total_brut', 'total_remises'])
    await db.schema
      .alterTable('achats')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema.alterTable('achat_lignes').addColumn('remise_type', 'varchar(10)').execute();
  await db.schema.alterTable('achat_lignes').addColumn('remise_valeur', 'bigint').execute();
  for (const column of ['montant_brut', 'remise_ligne', 'remise_globale'])
    await db.schema
      .alterTable('achat_lignes')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await sql`update achats set total_brut = total_marchandises`.execute(db);
  await sql`update achat_lignes set montant_brut = montant`.execute(db);
}
