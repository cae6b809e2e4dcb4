import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { TEST_DIALECT } from './database.js';

/** 'table.column' of every foreign key of the real schema that points at `target`, sorted. */
export async function foreignKeysTo(db: Kysely<DB>, target: string): Promise<string[]> {
  const rows =
    TEST_DIALECT === 'sqlite'
      ? await sql<{ t: string; c: string }>`
          select m.name as t, f."from" as c
          from sqlite_master m, pragma_foreign_key_list(m.name) f
          where m.type = 'table' and f."table" = ${target}`.execute(db)
      : await sql<{ t: string; c: string }>`
          select kcu.table_name as t, kcu.column_name as c
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
          where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = ${target}`.execute(db);
  return rows.rows.map((r) => `${r.t}.${r.c}`).sort();
}
