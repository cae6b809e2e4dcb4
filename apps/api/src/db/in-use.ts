import type { Kysely } from 'kysely';
import { countReferences } from './references.js';
import type { DB } from './schema.js';

/** A table that may point at a row: `column` holds the row's id; `one`/`many` name its rows. */
export interface Reference {
  table: string;
  column: string;
  one: string;
  many: string;
}

/** "3 produits", "1 vente"… for each referencing table that holds rows pointing at `id`. */
export async function usesOf(
  db: Kysely<DB>,
  references: readonly Reference[],
  id: number,
): Promise<string[]> {
  const out: string[] = [];
  for (const r of references) {
    const n = await countReferences(db, r.table, r.column, id);
    if (n > 0) out.push(`${n} ${n > 1 ? r.many : r.one}`);
  }
  return out;
}
