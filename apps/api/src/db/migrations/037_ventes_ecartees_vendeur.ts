import type { Kysely } from 'kysely';

/**
 * The cashier of a discarded sale (docs/regles-metier.md « Vente hors ligne »): the user signed in
 * on the till when it made the sale, as the till's receipt names them. The owner who discarded it
 * is `user_id`. Empty for the sales discarded before, and when the till did not say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ventes_ecartees')
    .addColumn('vendeur_id', 'integer', (c) => c.references('users.id'))
    .execute();
}
