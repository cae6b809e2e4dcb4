import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Purchasing: purchases from suppliers (drafts, then validated and numbered), their lines, returns
 * to the supplier with their lines, supplier payments and their allocation to purchases. Cached
 * figures of a purchase (paid, returned, refunded, status) are kept in the transaction of the
 * document that changes them.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const shop = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t
      .addColumn('id', 'integer', (c) => idColumn(c, ctx))
      .addColumn('service_id', 'integer', (c) =>
        c.notNull().references('services.id').onDelete('cascade'),
      );
  const index = (name: string, table: string, columns: string[], unique = false) => {
    const q = db.schema.createIndex(name).on(table).columns(columns);
    return (unique ? q.unique() : q).execute();
  };

  await shop(db.schema.createTable('achats'))
    .addColumn('numero', 'varchar(32)')
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    // Key and fingerprint of the validation request: a retried validation answers the first one.
    .addColumn('cle_validation', 'varchar(64)')
    .addColumn('empreinte_validation', 'varchar(64)')
    .addColumn('fournisseur_id', 'integer', (c) => c.notNull().references('fournisseurs.id'))
    .addColumn('date_achat', 'varchar(10)', (c) => c.notNull())
    .addColumn('reference_fournisseur', 'varchar(80)')
    .addColumn('echeance', 'varchar(10)')
    .addColumn('frais_transport', 'bigint', (c) => c.notNull())
    .addColumn('frais_douane', 'bigint', (c) => c.notNull())
    .addColumn('frais_manutention', 'bigint', (c) => c.notNull())
    .addColumn('total_marchandises', 'bigint', (c) => c.notNull())
    .addColumn('total_frais', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('montant_paye', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('montant_retourne', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('montant_rembourse', 'bigint', (c) => c.notNull().defaultTo(0))
    // ACHAT_STATUTS
    .addColumn('statut', 'varchar(24)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('validated_at', 'varchar(32)')
    .execute();
  await index('achats_numero_uq', 'achats', ['service_id', 'numero'], true);
  await index('achats_cle_uq', 'achats', ['service_id', 'cle_idempotence'], true);
  await index('achats_cle_validation_uq', 'achats', ['service_id', 'cle_validation'], true);
  await index('achats_date_idx', 'achats', ['service_id', 'date_achat', 'id']);
  await index('achats_statut_idx', 'achats', ['service_id', 'statut', 'date_achat', 'id']);
  await index('achats_fournisseur_idx', 'achats', [
    'service_id',
    'fournisseur_id',
    'date_achat',
    'id',
  ]);

  await shop(db.schema.createTable('achat_lignes'))
    .addColumn('achat_id', 'integer', (c) =>
      c.notNull().references('achats.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    // A product deleted while only a draft names it leaves the draft (it never moved).
    .addColumn('produit_id', 'integer', (c) =>
      c.notNull().references('produits.id').onDelete('cascade'),
    )
    .addColumn('nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('unite_symbole', 'varchar(20)', (c) => c.notNull())
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('prix_unitaire', 'bigint', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('frais', 'bigint', (c) => c.notNull())
    .addColumn('cout_revient', 'bigint', (c) => c.notNull())
    .addColumn('quantite_retournee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cump_avant', 'bigint')
    .addColumn('cump_apres', 'bigint')
    .execute();
  await index('achat_lignes_achat_idx', 'achat_lignes', ['achat_id', 'position']);
  await index('achat_lignes_produit_idx', 'achat_lignes', ['service_id', 'produit_id']);

  await shop(db.schema.createTable('retours_achats'))
    .addColumn('achat_id', 'integer', (c) => c.notNull().references('achats.id'))
    .addColumn('fournisseur_id', 'integer', (c) => c.notNull().references('fournisseurs.id'))
    .addColumn('numero', 'varchar(32)', (c) => c.notNull())
    .addColumn('cle_idempotence', 'varchar(64)', (c) => c.notNull())
    .addColumn('empreinte', 'varchar(64)', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('impute', 'bigint', (c) => c.notNull())
    .addColumn('rembourse', 'bigint', (c) => c.notNull())
    .addColumn('mode_remboursement', 'varchar(20)')
    .addColumn('motif', 'varchar(255)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('retours_achats_numero_uq', 'retours_achats', ['service_id', 'numero'], true);
  await index('retours_achats_cle_uq', 'retours_achats', ['service_id', 'cle_idempotence'], true);
  await index('retours_achats_achat_idx', 'retours_achats', ['achat_id']);
  await index('retours_achats_fournisseur_idx', 'retours_achats', [
    'service_id',
    'fournisseur_id',
    'created_at',
  ]);

  await shop(db.schema.createTable('retour_achat_lignes'))
    .addColumn('retour_id', 'integer', (c) =>
      c.notNull().references('retours_achats.id').onDelete('cascade'),
    )
    .addColumn('achat_ligne_id', 'integer', (c) => c.notNull().references('achat_lignes.id'))
    .addColumn('produit_id', 'integer', (c) => c.notNull().references('produits.id'))
    .addColumn('quantite', 'bigint', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .execute();
  await index('retour_achat_lignes_retour_idx', 'retour_achat_lignes', ['retour_id']);

  await shop(db.schema.createTable('reglements_fournisseurs'))
    .addColumn('fournisseur_id', 'integer', (c) => c.notNull().references('fournisseurs.id'))
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('operateur', 'varchar(40)')
    .addColumn('reference', 'varchar(80)')
    // Payments made at a purchase's validation carry its validation key, not their own.
    .addColumn('cle_idempotence', 'varchar(64)')
    .addColumn('empreinte', 'varchar(64)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(
    'reglements_fournisseurs_cle_uq',
    'reglements_fournisseurs',
    ['service_id', 'cle_idempotence'],
    true,
  );
  await index('reglements_fournisseurs_idx', 'reglements_fournisseurs', [
    'service_id',
    'fournisseur_id',
    'created_at',
  ]);

  await shop(db.schema.createTable('achat_paiements'))
    .addColumn('reglement_id', 'integer', (c) =>
      c.notNull().references('reglements_fournisseurs.id').onDelete('cascade'),
    )
    .addColumn('achat_id', 'integer', (c) => c.notNull().references('achats.id'))
    .addColumn('montant', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('achat_paiements_reglement_idx', 'achat_paiements', ['reglement_id']);
  await index('achat_paiements_achat_idx', 'achat_paiements', ['achat_id']);
  // The movements of one document (a purchase's detail, its returns).
  await index('mouvements_document_idx', 'mouvements_stock', ['document_type', 'document_id']);
}
