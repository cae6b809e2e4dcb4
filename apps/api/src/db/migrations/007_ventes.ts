import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Selling: gapless document counters, sales with their lines and payments, returns, customer
 * debts and their repayments (règlements) with the allocation of each repayment to debts.
 * Documents are never updated but for the cached figures kept in the same transaction as the
 * documents that change them (paid, returned, status, prints).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const shop = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn('id', 'integer', (c) => idColumn(c, ctx))
      .addColumn('service_id', 'integer', (c) =>
        c.notNull().references('services.id').onDelete('cascade'),
      );

  // One row per shop, kind of document and year; incremented in the document's transaction, so a
  // rolled-back document gives its number back: no gaps.
  await db.schema
    .createTable('compteurs_documents')
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('annee', 'integer', (c) => c.notNull())
    .addColumn('dernier', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('compteurs_documents_pk', ['service_id', 'type', 'annee'])
    .execute();

  await shop(db.schema.createTable('ventes'))
    .addColumn('numero', 'varchar(32)', (c) => c.notNull())
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    // sha-256 of the canonical request: the same key with another cart is refused.
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('type_vente_id', 'integer', (c) => c.notNull().references('types_ventes.id'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('remise_type', 'varchar(10)')
    .addColumn('remise_valeur', 'bigint')
    .addColumn('total_brut', 'bigint', (c) => c.notNull())
    .addColumn('total_remises', 'bigint', (c) => c.notNull())
    .addColumn('remise_globale', 'bigint', (c) => c.notNull())
    .addColumn('total_ht', 'bigint', (c) => c.notNull())
    .addColumn('total_tva', 'bigint', (c) => c.notNull())
    .addColumn('total_ttc', 'bigint', (c) => c.notNull())
    .addColumn('montant_paye', 'bigint', (c) => c.notNull())
    .addColumn('montant_retourne', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rendu', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('statut', 'varchar(24)', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ventes_numero_uq')
    .on('ventes')
    .columns(['service_id', 'numero'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ventes_cle_uq')
    .on('ventes')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ventes_created_idx')
    .on('ventes')
    .columns(['service_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ventes_client_idx')
    .on('ventes')
    .columns(['service_id', 'client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ventes_user_idx')
    .on('ventes')
    .columns(['service_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ventes_statut_idx')
    .on('ventes')
    .columns(['service_id', 'statut', 'created_at'])
    .execute();

  await shop(db.schema.createTable('vente_lignes'))
    .addColumn('vente_id', 'integer', (c) =>
      c.notNull().references('ventes.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('produit_id', 'integer', (c) => c.notNull().references('produits.id'))
    .addColumn('nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)')
    .addColumn('code_barres', 'varchar(48)')
    .addColumn('unite_symbole', 'varchar(20)', (c) => c.notNull())
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('prix_unitaire', 'bigint', (c) => c.notNull())
    .addColumn('taux_tva', 'integer', (c) => c.notNull())
    .addColumn('prix_achat', 'bigint', (c) => c.notNull())
    .addColumn('remise_type', 'varchar(10)')
    .addColumn('remise_valeur', 'bigint')
    .addColumn('montant_brut', 'bigint', (c) => c.notNull())
    .addColumn('remise_ligne', 'bigint', (c) => c.notNull())
    .addColumn('remise_globale', 'bigint', (c) => c.notNull())
    .addColumn('montant_ht', 'bigint', (c) => c.notNull())
    .addColumn('montant_tva', 'bigint', (c) => c.notNull())
    .addColumn('montant_ttc', 'bigint', (c) => c.notNull())
    .addColumn('quantite_retournee', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('vente_lignes_vente_idx')
    .on('vente_lignes')
    .columns(['vente_id', 'position'])
    .execute();
  await db.schema
    .createIndex('vente_lignes_produit_idx')
    .on('vente_lignes')
    .columns(['service_id', 'produit_id'])
    .execute();

  await shop(db.schema.createTable('paiements'))
    .addColumn('vente_id', 'integer', (c) =>
      c.notNull().references('ventes.id').onDelete('cascade'),
    )
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('recu', 'bigint')
    .addColumn('rendu', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('operateur', 'varchar(40)')
    .addColumn('reference', 'varchar(80)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('paiements_vente_idx').on('paiements').column('vente_id').execute();
  await db.schema
    .createIndex('paiements_mode_idx')
    .on('paiements')
    .columns(['service_id', 'mode', 'vente_id'])
    .execute();

  await shop(db.schema.createTable('retours'))
    .addColumn('vente_id', 'integer', (c) => c.notNull().references('ventes.id'))
    .addColumn('numero', 'varchar(32)', (c) => c.notNull())
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('mode_remboursement', 'varchar(20)')
    .addColumn('montant_ht', 'bigint', (c) => c.notNull())
    .addColumn('montant_tva', 'bigint', (c) => c.notNull())
    .addColumn('montant_ttc', 'bigint', (c) => c.notNull())
    .addColumn('impute_dette', 'bigint', (c) => c.notNull())
    .addColumn('rembourse', 'bigint', (c) => c.notNull())
    .addColumn('avoir', 'bigint', (c) => c.notNull())
    .addColumn('motif', 'varchar(255)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('retours_numero_uq')
    .on('retours')
    .columns(['service_id', 'numero'])
    .unique()
    .execute();
  await db.schema
    .createIndex('retours_cle_uq')
    .on('retours')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();
  await db.schema.createIndex('retours_vente_idx').on('retours').column('vente_id').execute();

  await shop(db.schema.createTable('retour_lignes'))
    .addColumn('retour_id', 'integer', (c) =>
      c.notNull().references('retours.id').onDelete('cascade'),
    )
    .addColumn('vente_ligne_id', 'integer', (c) => c.notNull().references('vente_lignes.id'))
    .addColumn('produit_id', 'integer', (c) => c.notNull().references('produits.id'))
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('montant_ht', 'bigint', (c) => c.notNull())
    .addColumn('montant_tva', 'bigint', (c) => c.notNull())
    .addColumn('montant_ttc', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('retour_lignes_retour_idx')
    .on('retour_lignes')
    .column('retour_id')
    .execute();

  await shop(db.schema.createTable('dettes'))
    .addColumn('vente_id', 'integer', (c) => c.notNull().references('ventes.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('montant', 'bigint', (c) => c.notNull())
    // Sum of its allocations (repayments, credits of returns): kept with them.
    .addColumn('paye', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('echeance', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dettes_vente_uq').on('dettes').column('vente_id').unique().execute();
  await db.schema
    .createIndex('dettes_client_idx')
    .on('dettes')
    .columns(['service_id', 'client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('dettes_echeance_idx')
    .on('dettes')
    .columns(['service_id', 'echeance'])
    .execute();

  await shop(db.schema.createTable('reglements'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    // MODES_PAIEMENT, or 'avoir' for the credit of a return.
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    // What is not allocated yet (only a return's credit can have some): the customer's credit.
    .addColumn('disponible', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('operateur', 'varchar(40)')
    .addColumn('reference', 'varchar(80)')
    .addColumn('retour_id', 'integer', (c) => c.references('retours.id'))
    .addColumn('cle_idempotence', 'varchar(64)')
    .addColumn('empreinte', 'varchar(64)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reglements_client_idx')
    .on('reglements')
    .columns(['service_id', 'client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reglements_cle_uq')
    .on('reglements')
    .columns(['service_id', 'cle_idempotence'])
    .unique()
    .execute();

  await shop(db.schema.createTable('reglement_allocations'))
    .addColumn('reglement_id', 'integer', (c) =>
      c.notNull().references('reglements.id').onDelete('cascade'),
    )
    .addColumn('dette_id', 'integer', (c) => c.notNull().references('dettes.id'))
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('allocations_reglement_idx')
    .on('reglement_allocations')
    .column('reglement_id')
    .execute();
  await db.schema
    .createIndex('allocations_dette_idx')
    .on('reglement_allocations')
    .column('dette_id')
    .execute();
}
