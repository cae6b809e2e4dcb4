import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * The counter without the network (docs/regles-metier.md « Vente hors ligne »): each register's
 * code and gapless series per shop year (`caisse_series`, `caisse_compteurs`), the register,
 * sequence and times (made, received) of each sale of a series (`ventes_caisse`), the customers a
 * till created (`clients_hors_ligne`), what an offline sale left for the owner to see
 * (`alertes_hors_ligne`), and the deletions of products and customers kept for the tills'
 * catalogue refresh (`catalogue_suppressions`, written by triggers).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('caisse_series')
    .addColumn('caisse_id', 'integer', (c) =>
      c.primaryKey().references('caisses.id').onDelete('cascade'),
    )
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('caisse_series_code_uq')
    .on('caisse_series')
    .columns(['service_id', 'code'])
    .unique()
    .execute();

  await db.schema
    .createTable('caisse_compteurs')
    .addColumn('caisse_id', 'integer', (c) =>
      c.notNull().references('caisses.id').onDelete('cascade'),
    )
    .addColumn('annee', 'integer', (c) => c.notNull())
    .addColumn('dernier', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('caisse_compteurs_pk', ['caisse_id', 'annee'])
    .execute();

  await db.schema
    .createTable('ventes_caisse')
    .addColumn('vente_id', 'integer', (c) => c.primaryKey().references('ventes.id'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('caisse_id', 'integer', (c) => c.notNull().references('caisses.id'))
    .addColumn('annee', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('faite_le', 'varchar(32)', (c) => c.notNull())
    .addColumn('recue_le', 'varchar(32)', (c) => c.notNull())
    .execute();
  // A register's number is never used twice, whatever the sale.
  await db.schema
    .createIndex('ventes_caisse_sequence_uq')
    .on('ventes_caisse')
    .columns(['caisse_id', 'annee', 'sequence'])
    .unique()
    .execute();

  await db.schema
    .createTable('clients_hors_ligne')
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('cle', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) =>
      c.notNull().references('clients.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('clients_hors_ligne_pk', ['service_id', 'cle'])
    .execute();

  await db.schema
    .createTable('alertes_hors_ligne')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('vente_id', 'integer', (c) => c.notNull().references('ventes.id'))
    .addColumn('produit_id', 'integer')
    .addColumn('produit_nom', 'varchar(150)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('quantite', 'bigint')
    .addColumn('prix_facture', 'bigint')
    .addColumn('prix_catalogue', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alertes_hors_ligne_service_idx')
    .on('alertes_hors_ligne')
    .columns(['service_id', 'id'])
    .execute();
  await db.schema
    .createIndex('alertes_hors_ligne_produit_idx')
    .on('alertes_hors_ligne')
    .columns(['produit_id', 'id'])
    .execute();

  // No foreign key to the shop: a shop's deletion deletes its products, whose triggers write here.
  await db.schema
    .createTable('catalogue_suppressions')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('objet_id', 'integer', (c) => c.notNull())
    .addColumn('supprime_le', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('catalogue_suppressions_idx')
    .on('catalogue_suppressions')
    .columns(['service_id', 'type', 'id'])
    .execute();
  for (const table of ['produits', 'clients']) {
    // The catalogue refresh reads what changed after a cursor: (updated_at, id) per shop.
    await db.schema
      .createIndex(`${table}_synchro_idx`)
      .on(table)
      .columns(['service_id', 'updated_at', 'id'])
      .execute();
  }
  for (const statement of deletionTriggers(ctx)) await sql.raw(statement).execute(db);
}

/** A deleted product or customer leaves its id for the tills (type: 'produit' or 'client'). */
function deletionTriggers(ctx: MigrationContext): string[] {
  const kinds = [
    ['produits', 'produit'],
    ['clients', 'client'],
  ] as const;
  if (ctx.dialect === 'postgres')
    return [
      `create function comptoir_suppression() returns trigger language plpgsql as $$
        begin
          insert into catalogue_suppressions (service_id, type, objet_id, supprime_le)
          values (old.service_id, tg_argv[0], old.id,
            to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
          return old;
        end $$`,
      ...kinds.map(
        ([table, type]) =>
          `create trigger ${table}_suppression after delete on ${table} for each row execute function comptoir_suppression('${type}')`,
      ),
    ];
  return kinds.map(
    ([table, type]) =>
      `create trigger ${table}_suppression after delete on ${table} begin
        insert into catalogue_suppressions (service_id, type, objet_id, supprime_le)
        values (old.service_id, '${type}', old.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      end`,
  );
}
