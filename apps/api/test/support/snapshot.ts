import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../src/core/context.js';

/**
 * The business tables as they stand: for each, its row count and a hash of every row, read in one
 * query through the database handle the server uses. Two snapshots equal ⇔ nothing was written.
 * Left out: the sign-in bookkeeping a refused sign-in legitimately writes (failed attempts) and
 * the session and reset keys.
 */
export type Snapshot = Record<string, string>;

const LEFT_OUT = new Set(['login_failures', 'refresh_tokens', 'password_reset_tokens']);

let query: { ctx: AppContext; text: string; tables: string[] } | undefined;

async function snapshotQuery(ctx: AppContext) {
  if (query?.ctx === ctx) return query;
  const tables = (await ctx.database.db.introspection.getTables())
    .filter((t) => !t.isView && !LEFT_OUT.has(t.name) && !t.name.startsWith('kysely_'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const q = (name: string) => `"${name}"`;
  const parts = tables.map((t) =>
    ctx.database.dialect === 'postgres'
      ? `(SELECT count(*) || ':' || coalesce(string_agg(r, '|' ORDER BY r), '') FROM (SELECT t::text AS r FROM ${q(t.name)} t) s) AS ${q(t.name)}`
      : `(SELECT count(*) || ':' || coalesce(group_concat(r, '|'), '') FROM (SELECT ${t.columns.map((c) => `quote(${q(c.name)})`).join(" || ',' || ")} AS r FROM ${q(t.name)} ORDER BY r)) AS ${q(t.name)}`,
  );
  query = { ctx, text: `SELECT ${parts.join(', ')}`, tables: tables.map((t) => t.name) };
  return query;
}

/**
 * PostgreSQL: the position in the write-ahead log after which the last snapshot was read. Any
 * write that commits (or not) advances it; at the same position, nothing can have changed and
 * the last snapshot is still exact. A read may move it too (page pruning): the snapshot is then
 * read again, as it would be without this shortcut.
 */
let last: { ctx: AppContext; lsn: string; snapshot: Snapshot } | undefined;

async function walPosition(ctx: AppContext): Promise<string | undefined> {
  if (ctx.database.dialect !== 'postgres') return undefined;
  const { rows } = await sql<{
    lsn: string;
  }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(ctx.database.db);
  return rows[0]!.lsn;
}

export async function snapshot(ctx: AppContext): Promise<Snapshot> {
  // Read before the tables: a write between the two moves it past what the snapshot saw.
  const lsn = await walPosition(ctx);
  if (lsn !== undefined && last?.ctx === ctx && last.lsn === lsn) return last.snapshot;
  const taken = await fullSnapshot(ctx);
  if (lsn !== undefined) last = { ctx, lsn, snapshot: taken };
  return taken;
}

async function fullSnapshot(ctx: AppContext): Promise<Snapshot> {
  const { text, tables } = await snapshotQuery(ctx);
  const { rows } = await sql.raw<Record<string, string>>(text).execute(ctx.database.db);
  const row = rows[0]!;
  return Object.fromEntries(
    tables.map((t) => {
      const value = String(row[t]);
      const count = value.slice(0, value.indexOf(':'));
      return [t, `${count} lignes, ${createHash('sha1').update(value).digest('hex').slice(0, 12)}`];
    }),
  );
}

/** The tables whose count or content differ. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
