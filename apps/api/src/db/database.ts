import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Compilable,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config/env.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

// count(*) and bigint columns come back from pg as strings: every value we keep fits 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * SQLite's page cache of the connection, in KiB (SQLite's default: 2 MiB). A search that finds
 * 5,000 of 100,000 products reads one row per page of the 20 MiB product table: with 2 MiB every
 * read went back to the operating system (ARCHITECTURE.md, « Recherche sans accents »). Pages are
 * cached as they are read, up to this bound: a small shop's database uses what it holds.
 */
const SQLITE_CACHE_KIB = 64 * 1024;

export function openDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection closed by the server (restart, administrator) is dropped from the pool;
    // without a listener its error would end the process. The next query opens a new one.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    lecteurs.set(
      db,
      async (text, values) =>
        (await pool.query({ text, values: [...values], rowMode: 'array' })).rows,
    );
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (config.file !== ':memory:') privateFiles(config.file);
  const sqlite = new SQLite(config.file);
  // WAL for concurrent readers, FULL sync so that a validated sale survives a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // SQLite's lower() folds ASCII only: searches must treat "É" like "é", as PostgreSQL does.
  // upper() stays SQLite's (ASCII only, as LIKE): the search index of migration 055 relies on it.
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  lecteurs.set(db, (sql, parameters) =>
    db.connection().execute(async () =>
      sqlite
        .prepare(sql)
        .raw(true)
        .all(...parameters),
    ),
  );
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Reads a compiled select's rows as arrays of its columns' values (`lignesBrutes`). */
type LecteurBrut = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]>;
const lecteurs = new WeakMap<Kysely<DB>, LecteurBrut>();

/**
 * A select's rows as arrays of its columns' values, in their order: no object per row, a third
 * cheaper on long reads (the journal's verification). SQLite: better-sqlite3's raw mode, on the
 * connection under Kysely's lock like any query (never in the middle of another caller's
 * transaction); PostgreSQL: pg's array rows, from the same pool. A Kysely opened elsewhere, or a
 * transaction: its objects, made arrays.
 */
export async function lignesBrutes<Ligne extends unknown[]>(
  db: Kysely<DB>,
  query: Compilable,
): Promise<Ligne[]> {
  const compiled = query.compile();
  const lecteur = lecteurs.get(db);
  if (lecteur) return (await lecteur(compiled.sql, compiled.parameters)) as Ligne[];
  const { rows } = await db.executeQuery(compiled);
  return rows.map((r) => Object.values(r as object)) as Ligne[];
}

/**
 * The database file is created 0600 before SQLite opens it (SQLite gives its -wal and -shm files
 * the mode of the database), and an existing one is brought back to 0600 with them.
 */
function privateFiles(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
    } catch {
      // Missing (no -wal yet) or not ours: nothing to do.
    }
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every SQLite statement anew on each call (about 0.1 ms each, some twenty per
 * sale). The same SQL text reuses its prepared statement, unless that one is busy (a streamed
 * read still iterating). Bounded: the oldest statement is dropped past 500.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** True on PostgreSQL (row locks, a pool of connections); false on SQLite (one writer). */
export const isPostgres = (db: Kysely<DB>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
