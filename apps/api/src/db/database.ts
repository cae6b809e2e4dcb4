import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type Compilable, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config/env.js';
import type { DB } from './schema.js';
import { lireEnTableaux, poolNomme } from './pg-nommees.js';
import { DialecteGroupe, type Preparer } from './sqlite-groupe.js';
import { pointsDeControle, SECOURS_PAGES } from './sqlite-points.js';
import { filDesVentes, type FilDesVentes } from './sqlite-ventes.js';

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

export interface OpenOptions {
  /**
   * The connection of the sales' thread (fil-des-ventes.ts): its writer only — no reader,
   * no checkpoints of its own (the main thread's worker makes them), no thread of sales.
   */
  filDesVentes?: boolean;
  /**
   * Sales recorded on this thread, without the sales' thread: a bench that changes how a sale is
   * written in its own process (bench/journal-direct.ts), which that thread would not see.
   */
  ventesIci?: boolean;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection closed by the server (restart, administrator) is dropped from the pool;
    // without a listener its error would end the process. The next query opens a new one.
    pool.on('error', () => {});
    // Statements run often are sent named: parsed and planned once per connection (pg-nommees.ts).
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: poolNomme(pool) }) });
    lecteurs.set(db, (text, values) => lireEnTableaux(pool, text, values));
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const memoire = config.file === ':memory:';
  const principale = !memoire && !options.filDesVentes;
  // Not by the sales' thread: closing a descriptor of the file drops every lock this process's
  // connections hold on it (POSIX locks), the main thread's included.
  if (principale) privateFiles(config.file);
  const sqlite = connexionSqlite(config.file);
  // WAL for concurrent readers, FULL sync so that a validated sale survives a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The reader (sqlite-groupe.ts) only reads: in WAL mode it sees the last COMMIT, never waits.
  const lecteur = principale ? connexionSqlite(config.file) : null;
  lecteur?.pragma('query_only = ON');
  // Checkpoints run on a worker thread, not in the COMMIT of a sale (sqlite-points.ts).
  const points = principale ? pointsDeControle(config.file, sqlite) : null;
  if (options.filDesVentes) sqlite.pragma(`wal_autocheckpoint = ${SECOURS_PAGES}`);
  // Sales on a thread of their own (sqlite-ventes.ts); the writer below pauses it while it writes.
  const fil = principale && !options.ventesIci ? filDesVentes(config.file) : null;
  const ecrivain = withStatementCache(sqlite);
  const lire = lecteur && withStatementCache(lecteur);
  const db = new Kysely<DB>({
    dialect: new DialecteGroupe({
      ecrivain,
      ecrivainEnTransaction: () => sqlite.inTransaction,
      lecteur: lire,
      ...(fil
        ? { exclusion: { prendre: () => fil.suspendre(), rendre: () => fil.reprendre() } }
        : {}),
      fermer: async () => {
        await fil?.fermer();
        await points?.fermer();
        lecteur?.close();
        sqlite.close();
      },
    }),
  });
  if (fil) fils.set(db.getExecutor().adapter, fil);
  if (lecteur)
    lecteurs.set(db, async (sql, parameters) =>
      lecteur
        .prepare(sql)
        .raw(true)
        .all(...parameters),
    );
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** By adapter: a Kysely made from another (`withPlugin`) shares it. */
const fils = new WeakMap<object, FilDesVentes>();

/**
 * The thread of the sales of an SQLite database opened by `openDatabase`, while it runs; none
 * inside a transaction (the main thread's writer, which holds that thread off).
 */
export const filDe = (db: Kysely<DB>): FilDesVentes | undefined => {
  const fil = db.isTransaction ? undefined : fils.get(db.getExecutor().adapter);
  return fil?.vivant ? fil : undefined;
};

/** Reads a compiled select's rows as arrays of its columns' values (`lignesBrutes`). */
type LecteurBrut = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]>;
const lecteurs = new WeakMap<Kysely<DB>, LecteurBrut>();

/**
 * A select's rows as arrays of its columns' values, in their order: no object per row, a third
 * cheaper on long reads (the journal's verification). SQLite: better-sqlite3's raw mode, on the
 * reader connection (the last COMMIT, never another caller's transaction); PostgreSQL: pg's array rows, from the same pool. A Kysely opened elsewhere, or a
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
function withStatementCache(sqlite: SQLite.Database): Preparer {
  const cache = new Map<string, SQLite.Statement>();
  return (sql: string) => {
    const cached = cache.get(sql);
    if (cached && !cached.busy) return cached;
    const statement = sqlite.prepare(sql);
    if (!cached) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
}

/** A connection to the file with the settings both of ours share. */
function connexionSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // SQLite's lower() folds ASCII only: searches must treat "É" like "é", as PostgreSQL does.
  // upper() stays SQLite's (ASCII only, as LIKE): the search index of migration 055 relies on it.
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return sqlite;
}

/** True on PostgreSQL (row locks, a pool of connections); false on SQLite (one writer). */
export const isPostgres = (db: Kysely<DB>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * `read` on PostgreSQL in a transaction without parallel workers (`SET LOCAL`, for that
 * transaction only); on SQLite, or within a transaction, as it is. For a read that adds up a
 * shop's products while the other reads of its page run beside it: PostgreSQL planned the
 * dashboard's top products with two workers and partial sums merged afterwards, 328 ms against
 * 229 without workers (p50, one year, 50,000 products, 2 cores shared with other work).
 */
export async function withoutParallelWorkers<T>(
  db: Kysely<DB>,
  read: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  // Inside a caller's transaction, `SET LOCAL` would outlive this read: left as it is.
  if (!isPostgres(db) || db.isTransaction) return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return read(trx);
  });
}
