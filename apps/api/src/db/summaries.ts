import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './migration-helpers.js';

/**
 * Summaries of the sales kept by the database itself, for the dashboard and the product report
 * over a year of a busy shop (issue 13): a summary table holds, per key (the shop, a quarter of an
 * hour or a day, and what the figures are grouped or filtered by), sums of figures of the sales,
 * their lines, payments, returns and return lines. Each document table that feeds it has an
 * INSERT trigger adding the new rows' figures in the same transaction, whatever code wrote them.
 *
 * Only inserts are followed: the documents fed from are inalterable (migrations 019, 035, 040 —
 * their keys' and figures' columns refuse UPDATE, and every row refuses DELETE), so a figure once
 * added never moves. Unlike db/day-totals.ts, a feed may read other tables than the new row's (a
 * sale line takes its sale's instant and seller from `ventes`): each feed is a grouped SELECT
 * over the document table, which fills the summary from the rows already written (the backfill),
 * and which the trigger runs again over the new rows only.
 */
export interface Feed {
  /** The document table whose inserts feed the summary, e.g. `vente_lignes`. */
  table: string;
  /** Its alias in `from`, `keys` and `sums`. */
  alias: string;
  /** The FROM clause, `$` standing for the document table: `$ l join ventes v on v.id = l.vente_id`. */
  from: string;
  /** Summary key → SQL expression, never null. */
  keys: Record<string, string>;
  /** Summary column → SQL expression added up (the summary columns left out get 0). */
  sums: Record<string, string>;
}

export interface Summary {
  table: string;
  /** Key column → SQL type, in the primary key's order. */
  keys: Record<string, 'integer' | 'varchar(10)' | 'varchar(16)' | 'varchar(40)'>;
  /** SQLite's primary key order when another one suits its plans better (see migration 047). */
  sqliteOrder?: string[];
  /** The summed columns (bigint). */
  sums: string[];
  feeds: Feed[];
}

/**
 * PostgreSQL: a summary function reads the documents of its new rows by their primary key, never
 * the whole table, whatever the statistics were when the connection planned it (migration 058).
 */
export const RESUMES_PAR_INDEX = 'set enable_seqscan = off';

/** The 15-minute group of an ISO UTC instant: '2026-06-15T09:45'. */
export const quarterOf = (column: string) =>
  `substr(${column}, 1, 14) || case when substr(${column}, 15, 2) < '15' then '00' when substr(${column}, 15, 2) < '30' then '15' when substr(${column}, 15, 2) < '45' then '30' else '45' end`;

/** The UTC day of an ISO UTC instant: '2026-06-15'. */
export const dayOf = (column: string) => `substr(${column}, 1, 10)`;

/** The feed's grouped upsert over `source` (the document table or the new rows), `where` applied. */
function upsert(s: Summary, f: Feed, source: string, where: string) {
  const keys = Object.keys(s.keys);
  const keyExprs = keys.map((k) => f.keys[k] ?? missing(k, f));
  const sums = s.sums.map((c) => (f.sums[c] ? `sum(${f.sums[c]})` : '0'));
  const positions = keys.map((_, i) => String(i + 1));
  return `insert into ${s.table} (${[...keys, ...s.sums].join(', ')})
    select ${[...keyExprs, ...sums].join(', ')}
    from ${f.from.replace('$', source)} where ${where}
    group by ${positions.join(', ')} order by ${positions.join(', ')}
    on conflict (${keys.join(', ')}) do update set ${s.sums
      .map((c) => `${c} = ${s.table}.${c} + excluded.${c}`)
      .join(', ')}`;
}

function missing(key: string, f: Feed): never {
  throw new Error(`${f.table} : clé ${key} absente`);
}

/** Creates the summary table, fills it from the documents already written, and its triggers. */
export async function createSummary(
  db: Kysely<unknown>,
  ctx: MigrationContext,
  s: Summary,
): Promise<void> {
  let create = db.schema.createTable(s.table);
  for (const [k, type] of Object.entries(s.keys))
    create = create.addColumn(k, type, (c) => c.notNull());
  for (const c of s.sums) create = create.addColumn(c, 'bigint', (b) => b.notNull());
  const order = ctx.dialect === 'sqlite' && s.sqliteOrder ? s.sqliteOrder : Object.keys(s.keys);
  create = create.addPrimaryKeyConstraint(`${s.table}_pk`, order as never);
  // SQLite keeps the rows in the primary key's order: a range of keys is read in one pass.
  if (ctx.dialect === 'sqlite') create = create.modifyEnd(sql`without rowid`);
  await create.execute();

  for (const f of s.feeds) {
    await sql.raw(upsert(s, f, f.table, 'true')).execute(db);
    const name = `${s.table}_${f.table}`;
    if (ctx.dialect === 'postgres') {
      // Once per statement over the new rows: a sale's lines, inserted together, add up at once.
      await sql
        .raw(
          `create function ${name}_f() returns trigger language plpgsql ${RESUMES_PAR_INDEX} as $$
          begin
            ${upsert(s, f, 'nouvelles', 'true')};
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${name}_t after insert on ${f.table} referencing new table as nouvelles
           for each statement execute function ${name}_f()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${name}_t after insert on ${f.table}
           begin ${upsert(s, f, f.table, `${f.alias}.id = new.id`)}; end`,
        )
        .execute(db);
    }
  }
}

/** Drops a summary made by createSummary: its triggers (and functions), then its table. */
export async function dropSummary(
  db: Kysely<unknown>,
  ctx: MigrationContext,
  s: Summary,
): Promise<void> {
  for (const f of s.feeds) {
    const name = `${s.table}_${f.table}`;
    if (ctx.dialect === 'postgres') {
      await sql.raw(`drop trigger ${name}_t on ${f.table}`).execute(db);
      await sql.raw(`drop function ${name}_f()`).execute(db);
    } else await sql.raw(`drop trigger ${name}_t`).execute(db);
  }
  await db.schema.dropTable(s.table).execute();
}
