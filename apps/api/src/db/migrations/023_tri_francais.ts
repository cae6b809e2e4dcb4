import { frenchSortKey } from '@comptoir/shared';
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/** The expression of migration 008 (`produits.repository.ts`, ETAT_STOCK), written the same way. */
const ETAT_STOCK = 'case when quantite <= 0 then 0 when quantite <= seuil_alerte then 1 else 2 end';

const TABLES = ['produits', 'clients', 'fournisseurs'] as const;
const BATCH = 500;

/**
 * French order of names (issue 15): `nom_tri` = frenchSortKey(nom) of `shared`, written by the
 * application next to `nom_recherche` and compared code point by code point on both databases
 * (SQLite's BINARY; on PostgreSQL the column's collation is "C", whatever the server's locale), so
 * that « Émile » comes after « eau » and before « Zongo » everywhere. Existing rows are keyed here,
 * by the same TypeScript function. The name indexes of the lists are rebuilt on the new key
 * (migrations 003 and 008 for the shapes: PostgreSQL ends them with the id, the list's tie-break).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('nom_tri', 'text', (c) =>
        (pg ? c.modifyFront(sql`collate "C"`) : c).notNull().defaultTo(''),
      )
      .execute();
    await backfill(db, table);
    await sql`create index ${sql.id(`${table}_nom_tri_idx`)} on ${sql.id(table)} (service_id, nom_tri${sql.raw(pg ? ', id' : '')})`.execute(
      db,
    );
  }
  // The products' old name index served only the sort by name: the lists now sort on nom_tri.
  await sql`drop index produits_nom_recherche_idx`.execute(db);
  await sql`drop index produits_etat_stock_idx`.execute(db);
  if (pg)
    await sql`create index produits_etat_stock_idx on produits (service_id, (${sql.raw(ETAT_STOCK)}), nom_tri, id) include (quantite, seuil_alerte)`.execute(
      db,
    );
  else
    await sql`create index produits_etat_stock_idx on produits (service_id, (${sql.raw(ETAT_STOCK)}), nom_tri)`.execute(
      db,
    );
}

/** Keys the existing rows, a batch of ids at a time (one UPDATE … FROM a VALUES list per batch). */
export async function backfill(db: Kysely<unknown>, table: (typeof TABLES)[number]) {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; nom: string }>`
      select id, nom from ${sql.id(table)} where id > ${after} order by id limit ${BATCH}`.execute(
      db,
    );
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(cast(${r.id} as integer), cast(${frenchSortKey(r.nom)} as text))`),
    );
    await sql`with v(id, k) as (values ${values})
      update ${sql.id(table)} set nom_tri = v.k from v where ${sql.id(table)}.id = v.id`.execute(
      db,
    );
    after = Number(rows[rows.length - 1]!.id);
  }
}
