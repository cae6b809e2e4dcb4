import { frenchSortKey } from '@comptoir/shared';
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/** The keyed columns: the table, its key column and the name it is computed from. */
export const KEYS = [
  { table: 'categories', key: 'nom_tri', source: 'nom' },
  { table: 'marques', key: 'nom_tri', source: 'nom' },
  { table: 'services', key: 'nom_tri', source: 'nom' },
  { table: 'users', key: 'nom_tri', source: 'nom' },
  { table: 'users', key: 'prenom_tri', source: 'prenom' },
] as const;
const BATCH = 500;

/**
 * French order (issue 15) for the lists of categories, brands, shops and users, the way of
 * migration 023: a key column `frenchSortKey(nom)` (and `prenom` for users) written by the
 * application, compared code point by code point on both databases (collation "C" on
 * PostgreSQL). Existing rows are keyed here by the same TypeScript function.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  for (const { table, key } of KEYS)
    await db.schema
      .alterTable(table)
      .addColumn(key, 'text', (c) =>
        (pg ? c.modifyFront(sql`collate "C"`) : c).notNull().defaultTo(''),
      )
      .execute();
  for (const column of KEYS) await backfillKey(db, column);
  await sql`create index categories_nom_tri_idx on categories (service_id, nom_tri)`.execute(db);
  await sql`create index marques_nom_tri_idx on marques (service_id, nom_tri)`.execute(db);
}

/** Keys the existing rows of one column, a batch of ids at a time. */
export async function backfillKey(
  db: Kysely<unknown>,
  { table, key, source }: (typeof KEYS)[number],
) {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; nom: string }>`
      select id, ${sql.id(source)} as nom from ${sql.id(table)} where id > ${after} order by id limit ${BATCH}`.execute(
      db,
    );
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(cast(${r.id} as integer), cast(${frenchSortKey(r.nom)} as text))`),
    );
    await sql`with v(id, k) as (values ${values})
      update ${sql.id(table)} set ${sql.id(key)} = v.k from v where ${sql.id(table)}.id = v.id`.execute(
      db,
    );
    after = Number(rows[rows.length - 1]!.id);
  }
}
