import { hash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError, conflict } from './errors.js';

/**
 * Idempotent documents (sales, returns, repayments, and every document to come): the client's key
 * is unique per shop (`cle_idempotence`, a unique index with `service_id`), and the `empreinte`
 * (sha-256 of the canonical request, key left out) tells a retry of the same request from another
 * request reusing the key. Same key and request: the first answer, replayed; same key, other
 * request: 409; a concurrent duplicate that loses the race on the unique index: the replay too.
 */

/** A table whose rows are idempotent documents: any table with these four columns qualifies. */
export type IdempotentTable = {
  [T in keyof DB]: DB[T] extends {
    id: unknown;
    service_id: number;
    cle_idempotence: string | null;
    empreinte: string | null;
  }
    ? T
    : never;
}[keyof DB];

export interface Idempotent<T> {
  value: T;
  /** True when the key had already served for this very request: the first answer is given. */
  replayed: boolean;
}

export interface IdempotentRequest<T> {
  table: IdempotentTable;
  serviceId: number;
  cle: string;
  empreinte: string;
  /** 409 detail when the key served for another request, e.g. « …pour une autre vente. » */
  autreRequete: string;
  /** The answer for a recorded document, read on the handle given. */
  read: (db: Kysely<DB>, id: number) => Promise<T>;
}

/** JSON with object keys sorted at every level, so that the same request always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the UTF-8 bytes of `text`: the one-shot hash, a third cheaper than a Hash object. */
export const sha256 = (text: string): string => hash('sha256', text);

/** The request's fingerprint: sha-256 of its canonical JSON, the key left out. */
export function empreinteOf(request: Record<string, unknown>): string {
  const { cleIdempotence: _key, ...rest } = request;
  return sha256(canonical(rest));
}

/** A unique index refused the row (SQLite or PostgreSQL): a concurrent duplicate. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The document found under the key: its answer when the request is the same, else 409. */
async function replayFound<T>(
  db: Kysely<DB>,
  req: IdempotentRequest<T>,
  existing: { id: number; empreinte: string | null },
): Promise<Idempotent<T>> {
  if (existing.empreinte !== req.empreinte) throw conflict(req.autreRequete);
  return { value: await req.read(db, existing.id), replayed: true };
}

/** The document already recorded under the key: its answer when the request is the same, else 409. */
async function replayOf<T>(
  db: Kysely<DB>,
  req: IdempotentRequest<T>,
): Promise<Idempotent<T> | null> {
  const existing = await db
    .selectFrom(req.table as 'ventes')
    .select(['id', 'empreinte'])
    .where('service_id', '=', req.serviceId)
    .where('cle_idempotence', '=', req.cle)
    .executeTakeFirst();
  return existing ? replayFound(db, req, existing) : null;
}

/**
 * What a write may give instead of the new document's id: the document it found under the key
 * when it looked the key up itself (`deja`, with `lookupInWrite`), or its id with the answer built
 * from what it wrote (`value`, then not read back).
 */
export type WriteOutcome<T> =
  number | { id: number; value: T } | { deja: { id: number; empreinte: string | null } };

/**
 * Runs an idempotent write. `write` records the document and returns its id; by default it opens
 * its own transaction, and the replay lookup and the answer run outside it. With `oneTransaction`
 * (a sale on SQLite), the lookup, the write and the answer share one transaction, handed to
 * `write`: one turn of the single connection. With `lookupInWrite` (a sale), `write` looks the key
 * up itself, in the same statement as its first reads, before any check, and says what it found.
 * Either way a concurrent duplicate that commits first makes the write fail on the unique key: it
 * is then answered as a replay, never a 500.
 */
export async function idempotentWrite<T>(
  db: Kysely<DB>,
  req: IdempotentRequest<T>,
  write: (db: Kysely<DB>) => Promise<WriteOutcome<T>>,
  options: { oneTransaction?: boolean; lookupInWrite?: boolean } = {},
): Promise<Idempotent<T>> {
  const run = async (handle: Kysely<DB>): Promise<Idempotent<T>> => {
    const first = options.lookupInWrite ? null : await replayOf(handle, req);
    if (first) return first;
    const written = await write(handle);
    if (typeof written === 'number')
      return { value: await req.read(handle, written), replayed: false };
    if ('deja' in written) return replayFound(handle, req, written.deja);
    return { value: written.value, replayed: false };
  };
  try {
    return options.oneTransaction ? await db.transaction().execute(run) : await run(db);
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) {
      const replay = await replayOf(db, req);
      if (replay) return replay;
    }
    throw error;
  }
}
