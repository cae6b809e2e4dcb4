import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Invoices (factures) and credit notes (avoirs). An invoice is a snapshot taken at issue: its seller
 * mentions, customer, lines and totals are copied and never updated (the only cached figures are
 * the credited quantities and amount, kept in the credit note's transaction). A sale is invoiced at
 * most once (unique facture_ventes.vente_id). Plus the shop's legal data a French invoice needs.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const shop = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn('id', 'integer', (c) => idColumn(c, ctx))
      .addColumn('service_id', 'integer', (c) =>
        c.notNull().references('services.id').onDelete('cascade'),
      );

  // Legal data of the seller: « RCS Paris 123 456 789 » or « RM … », legal form and share capital
  // (minor units), late-payment penalty rate (basis points) and default payment term (days).
  await db.schema.alterTable('services').addColumn('rcs', 'varchar(80)').execute();
  await db.schema.alterTable('services').addColumn('forme_juridique', 'varchar(40)').execute();
  await db.schema.alterTable('services').addColumn('capital', 'bigint').execute();
  await db.schema.alterTable('services').addColumn('taux_penalites', 'integer').execute();
  await db.schema
    .alterTable('services')
    .addColumn('delai_paiement', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();

  await shop(db.schema.createTable('factures'))
    .addColumn('numero', 'varchar(32)', (c) => c.notNull())
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The seller's name, address and legal mentions at issue (JSON text).
    .addColumn('vendeur', 'text', (c) => c.notNull())
    .addColumn('client_nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('client_adresse', 'varchar(255)')
    .addColumn('client_siren', 'varchar(20)')
    .addColumn('client_adresse_livraison', 'varchar(255)')
    .addColumn('client_tva_intracom', 'varchar(20)')
    .addColumn('client_professionnel', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('devise', 'varchar(3)', (c) => c.notNull())
    // 'biens' | 'services' | 'mixte'
    .addColumn('nature', 'varchar(10)', (c) => c.notNull())
    // Day of the first and of the last sale invoiced ('YYYY-MM-DD', the shop's calendar).
    .addColumn('date_debut', 'varchar(10)', (c) => c.notNull())
    .addColumn('date_fin', 'varchar(10)', (c) => c.notNull())
    .addColumn('echeance', 'varchar(10)', (c) => c.notNull())
    .addColumn('total_brut', 'bigint', (c) => c.notNull())
    .addColumn('total_remises', 'bigint', (c) => c.notNull())
    .addColumn('total_ht', 'bigint', (c) => c.notNull())
    .addColumn('total_tva', 'bigint', (c) => c.notNull())
    .addColumn('total_ttc', 'bigint', (c) => c.notNull())
    // Sum of its credit notes (TTC), and of those without goods coming back.
    .addColumn('montant_avoirs', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('avoirs_commerciaux', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('factures_numero_uq')
    .on('factures')
    .columns(['service_id', 'numero'])
    .unique()
    .execute();
  await db.schema
    .createIndex('factures_cle_uq')
    .on('factures')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  await db.schema
    .createIndex('factures_created_idx')
    .on('factures')
    .columns(['service_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('factures_client_idx')
    .on('factures')
    .columns(['service_id', 'client_id', 'created_at'])
    .execute();

  await shop(db.schema.createTable('facture_ventes'))
    .addColumn('facture_id', 'integer', (c) =>
      c.notNull().references('factures.id').onDelete('cascade'),
    )
    .addColumn('vente_id', 'integer', (c) => c.notNull().references('ventes.id'))
    .execute();
  // A sale is invoiced at most once, whatever the concurrency.
  await db.schema
    .createIndex('facture_ventes_vente_uq')
    .on('facture_ventes')
    .column('vente_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('facture_ventes_facture_idx')
    .on('facture_ventes')
    .column('facture_id')
    .execute();

  await shop(db.schema.createTable('facture_lignes'))
    .addColumn('facture_id', 'integer', (c) =>
      c.notNull().references('factures.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('vente_id', 'integer', (c) => c.notNull().references('ventes.id'))
    .addColumn('vente_ligne_id', 'integer', (c) => c.notNull().references('vente_lignes.id'))
    .addColumn('nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)')
    .addColumn('unite_symbole', 'varchar(20)', (c) => c.notNull())
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('prix_unitaire_ht', 'bigint', (c) => c.notNull())
    .addColumn('taux_tva', 'integer', (c) => c.notNull())
    .addColumn('remise', 'bigint', (c) => c.notNull())
    .addColumn('montant_ht', 'bigint', (c) => c.notNull())
    .addColumn('montant_tva', 'bigint', (c) => c.notNull())
    .addColumn('montant_ttc', 'bigint', (c) => c.notNull())
    .addColumn('quantite_creditee', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('facture_lignes_facture_idx')
    .on('facture_lignes')
    .columns(['facture_id', 'position'])
    .execute();

  await shop(db.schema.createTable('avoirs'))
    .addColumn('facture_id', 'integer', (c) => c.notNull().references('factures.id'))
    .addColumn('numero', 'varchar(32)', (c) => c.notNull())
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('montant_ht', 'bigint', (c) => c.notNull())
    .addColumn('montant_tva', 'bigint', (c) => c.notNull())
    .addColumn('montant_ttc', 'bigint', (c) => c.notNull())
    .addColumn('motif', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('avoirs_numero_uq')
    .on('avoirs')
    .columns(['service_id', 'numero'])
    .unique()
    .execute();
  await db.schema
    .createIndex('avoirs_cle_uq')
    .on('avoirs')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  await db.schema.createIndex('avoirs_facture_idx').on('avoirs').column('facture_id').execute();

  await shop(db.schema.createTable('avoir_lignes'))
    .addColumn('avoir_id', 'integer', (c) =>
      c.notNull().references('avoirs.id').onDelete('cascade'),
    )
    .addColumn('facture_ligne_id', 'integer', (c) => c.notNull().references('facture_lignes.id'))
    // The return (modules/retours) made with the credit note when the goods came back.
    .addColumn('retour_id', 'integer', (c) => c.references('retours.id'))
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('montant_ht', 'bigint', (c) => c.notNull())
    .addColumn('montant_tva', 'bigint', (c) => c.notNull())
    .addColumn('montant_ttc', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('avoir_lignes_avoir_idx')
    .on('avoir_lignes')
    .column('avoir_id')
    .execute();
}
