import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Quotes (devis) and their lines; customers' billing identity (business identifiers, delivery
 * address); sale lines without a product (a quote's free-text service line becomes one when the
 * quote is converted: no stock moves for it).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // A business customer: identifiers for quotes and invoices (SIREN, SIRET, TVA intracom).
  await db.schema
    .alterTable('clients')
    .addColumn('professionnel', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [column, type] of [
    ['siren', 'varchar(9)'],
    ['siret', 'varchar(14)'],
    ['tva_intracom', 'varchar(20)'],
    ['adresse_livraison', 'varchar(255)'],
  ] as const)
    await db.schema.alterTable('clients').addColumn(column, type).execute();

  await saleLinesWithoutProduct(db, ctx);

  const shop = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn('id', 'integer', (c) => idColumn(c, ctx))
      .addColumn('service_id', 'integer', (c) =>
        c.notNull().references('services.id').onDelete('cascade'),
      );

  await shop(db.schema.createTable('devis'))
    // Null while a draft: D-YYYY-NNNNNN is given when the quote leaves the draft state.
    .addColumn('numero', 'varchar(32)')
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('type_vente_id', 'integer', (c) => c.notNull().references('types_ventes.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // brouillon | envoye | accepte | refuse | converti ; « expiré » is derived, never stored.
    .addColumn('statut', 'varchar(16)', (c) => c.notNull())
    .addColumn('date_validite', 'varchar(10)', (c) => c.notNull())
    .addColumn('remise_type', 'varchar(10)')
    .addColumn('remise_valeur', 'bigint')
    .addColumn('total_brut', 'bigint', (c) => c.notNull())
    .addColumn('total_remises', 'bigint', (c) => c.notNull())
    .addColumn('remise_globale', 'bigint', (c) => c.notNull())
    .addColumn('total_ht', 'bigint', (c) => c.notNull())
    .addColumn('total_tva', 'bigint', (c) => c.notNull())
    .addColumn('total_ttc', 'bigint', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)')
    .addColumn('conditions', 'varchar(2000)')
    .addColumn('vente_id', 'integer', (c) => c.references('ventes.id'))
    .addColumn('envoye_at', 'varchar(32)')
    .addColumn('decide_at', 'varchar(32)')
    .addColumn('converti_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('devis_numero_uq')
    .on('devis')
    .columns(['service_id', 'numero'])
    .unique()
    .execute();
  await db.schema
    .createIndex('devis_cle_uq')
    .on('devis')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  await db.schema
    .createIndex('devis_created_idx')
    .on('devis')
    .columns(['service_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('devis_client_idx')
    .on('devis')
    .columns(['service_id', 'client_id', 'created_at'])
    .execute();
  await db.schema.createIndex('devis_vente_uq').on('devis').column('vente_id').unique().execute();

  await shop(db.schema.createTable('devis_lignes'))
    .addColumn('devis_id', 'integer', (c) => c.notNull().references('devis.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // Null for a free-text line (a service).
    .addColumn('produit_id', 'integer', (c) => c.references('produits.id'))
    .addColumn('designation', 'varchar(150)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)')
    .addColumn('unite_symbole', 'varchar(20)', (c) => c.notNull())
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('prix_unitaire', 'bigint', (c) => c.notNull())
    .addColumn('taux_tva', 'integer', (c) => c.notNull())
    .addColumn('remise_type', 'varchar(10)')
    .addColumn('remise_valeur', 'bigint')
    .addColumn('montant_brut', 'bigint', (c) => c.notNull())
    .addColumn('remise_ligne', 'bigint', (c) => c.notNull())
    .addColumn('remise_globale', 'bigint', (c) => c.notNull())
    .addColumn('montant_ht', 'bigint', (c) => c.notNull())
    .addColumn('montant_tva', 'bigint', (c) => c.notNull())
    .addColumn('montant_ttc', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('devis_lignes_devis_idx')
    .on('devis_lignes')
    .columns(['devis_id', 'position'])
    .execute();
}

/**
 * vente_lignes.produit_id becomes nullable. PostgreSQL drops the constraint; SQLite cannot, so the
 * table is rebuilt from its own definition (foreign keys off meanwhile: retour_lignes points to it;
 * this migration runs outside a transaction on SQLite), then checked.
 */
async function saleLinesWithoutProduct(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await sql`alter table vente_lignes alter column produit_id drop not null`.execute(db);
    return;
  }
  const { rows } = await sql<{
    type: string;
    name: string;
    sql: string | null;
  }>`select type, name, sql from sqlite_master where tbl_name = 'vente_lignes'`.execute(db);
  const table = rows.find((r) => r.type === 'table')!.sql!;
  const nullable = table.replace('"produit_id" integer not null', '"produit_id" integer');
  if (nullable === table) throw new Error('vente_lignes.produit_id : définition inattendue');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql
      .raw(nullable.replace(/^create table "vente_lignes"/i, 'create table "vente_lignes_new"'))
      .execute(db);
    await sql`insert into vente_lignes_new select * from vente_lignes`.execute(db);
    await sql`drop table vente_lignes`.execute(db);
    await sql`alter table vente_lignes_new rename to vente_lignes`.execute(db);
    for (const index of rows.filter((r) => r.type === 'index' && r.sql))
      await sql.raw(index.sql!).execute(db);
    const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
    if (broken.length) throw new Error('vente_lignes : clés étrangères rompues');
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
