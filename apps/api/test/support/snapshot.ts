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

export async function snapshot(ctx: AppContext): Promise<Snapshot> {
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
