import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Rows of `table` whose `column` equals `id`. For the "in use" checks over tables that later
 * issues add (their names come from constant lists in the code, never from a request).
 */
export async function countReferences(
  db: Kysely<DB>,
  table: string,
  column: string,
  id: number,
): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
