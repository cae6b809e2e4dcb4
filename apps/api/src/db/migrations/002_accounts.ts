import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/** Units, sale types, plans and subscriptions; document prefixes of shops; indexes of the lists. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('unites')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('nom', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('symbole', 'varchar(10)', (c) => c.notNull())
    .addColumn('fractionnable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('types_ventes')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('nom', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('prix_utilise', 'varchar(10)', (c) => c.notNull())
    .addColumn('actif', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('nom', 'varchar(100)', (c) => c.notNull())
    .addColumn('duree_mois', 'integer', (c) => c.notNull())
    .addColumn('prix', 'bigint', (c) => c.notNull())
    .addColumn('devise', 'varchar(3)', (c) => c.notNull())
    .addColumn('max_services', 'integer', (c) => c.notNull())
    .addColumn('max_users', 'integer', (c) => c.notNull())
    .addColumn('retire', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // Dates 'YYYY-MM-DD', end included; the status is derived from them, never stored.
  await db.schema
    .createTable('abonnements')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
    .addColumn('date_debut', 'varchar(10)', (c) => c.notNull())
    .addColumn('date_fin', 'varchar(10)', (c) => c.notNull())
    .addColumn('montant_paye', 'bigint', (c) => c.notNull())
    .addColumn('devise', 'varchar(3)', (c) => c.notNull())
    .addColumn('mode_paiement', 'varchar(20)', (c) => c.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('suspendu', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('abonnements_owner_idx')
    .on('abonnements')
    .columns(['owner_id', 'date_fin'])
    .execute();
  await db.schema.createIndex('abonnements_fin_idx').on('abonnements').column('date_fin').execute();
  await db.schema.createIndex('abonnements_plan_idx').on('abonnements').column('plan_id').execute();

  for (const [column, fallback] of [
    ['prefixe_vente', 'V'],
    ['prefixe_facture', 'F'],
    ['prefixe_devis', 'D'],
    ['prefixe_achat', 'A'],
  ] as const) {
    await db.schema
      .alterTable('services')
      .addColumn(column, 'varchar(6)', (c) => c.notNull().defaultTo(fallback))
      .execute();
  }

  // Sorted pages of the users and shops lists at 10,000 users and 2,000 shops.
  await db.schema.createIndex('users_nom_idx').on('users').columns(['nom', 'prenom']).execute();
  await db.schema.createIndex('users_prenom_idx').on('users').column('prenom').execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_last_login_idx').on('users').column('last_login_at').execute();
  await db.schema
    .createIndex('user_roles_role_idx')
    .on('user_roles')
    .columns(['role', 'user_id'])
    .execute();
  await db.schema.createIndex('services_nom_idx').on('services').column('nom').execute();

  await seedReferenceLists(db);
}

/** The usual units and the two sale types of docs/regles-metier.md; inserted only when missing. */
const UNITES = [
  { nom: 'pièce', symbole: 'pce', fractionnable: 0 },
  { nom: 'kilogramme', symbole: 'kg', fractionnable: 1 },
  { nom: 'gramme', symbole: 'g', fractionnable: 0 },
  { nom: 'litre', symbole: 'L', fractionnable: 1 },
  { nom: 'mètre', symbole: 'm', fractionnable: 1 },
  { nom: 'carton', symbole: 'ctn', fractionnable: 0 },
  { nom: 'sac', symbole: 'sac', fractionnable: 0 },
  { nom: 'paquet', symbole: 'pqt', fractionnable: 0 },
  { nom: 'boîte', symbole: 'bte', fractionnable: 0 },
];
const TYPES_VENTES = [
  { nom: 'Vente au détail', prix_utilise: 'detail', actif: 1 },
  { nom: 'Vente en gros', prix_utilise: 'gros', actif: 1 },
];

export async function seedReferenceLists(db: Kysely<unknown>): Promise<void> {
  // The migration runs on the untyped database: a local view of the two tables.
  const typed = db as unknown as Kysely<{
    unites: { nom: string; symbole: string; fractionnable: number; created_at: string };
    types_ventes: { nom: string; prix_utilise: string; actif: number };
  }>;
  const now = new Date().toISOString();
  for (const u of UNITES) {
    const found = await typed
      .selectFrom('unites')
      .select('nom')
      .where('nom', '=', u.nom)
      .executeTakeFirst();
    if (!found)
      await typed
        .insertInto('unites')
        .values({ ...u, created_at: now })
        .execute();
  }
  for (const t of TYPES_VENTES) {
    const found = await typed
      .selectFrom('types_ventes')
      .select('nom')
      .where('nom', '=', t.nom)
      .executeTakeFirst();
    if (!found) await typed.insertInto('types_ventes').values(t).execute();
  }
}
