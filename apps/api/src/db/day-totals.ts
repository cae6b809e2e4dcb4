import { sql, type Kysely } from 'kysely';
import { addDays } from '@comptoir/shared';
import type { MigrationContext } from './migration-helpers.js';

/**
 * Totals by day kept by the database itself, for lists that show the totals of a filtered set of
 * 100,000 documents and more (issues 11 and 12): a summary table holds, per key (the shop, a
 * day, and the columns a list filters on), the number of rows and the sums of their amounts.
 * Triggers on the documents' table add a row's figures when it is written and take them away
 * when it changes or goes, in the same transaction as the write, whatever code wrote it. A list
 * then sums a few hundred summary rows instead of every document.
 *
 * Keys are SQL expressions over the document's columns written with `$.` (`$.date_achat`,
 * `coalesce($.client_id, 0)`): never null, so that the summary's primary key holds on both
 * databases. Sums are columns of whole amounts (bigint).
 */
export interface DayTotals {
  /** The documents, e.g. `achats`. */
  table: string;
  /** The summary table, e.g. `achats_jours`. */
  summary: string;
  /** Summary column → SQL type and expression over the document (`$.` for the row). */
  keys: Record<string, { type: 'integer' | 'varchar(10)' | 'varchar(32)'; expr: string }>;
  /** Summary column → the document's amount column it adds up. */
  sums: Record<string, string>;
}

const row = (expr: string, r: 'new' | 'old') => expr.replaceAll('$.', `${r}.`);

function statements(t: DayTotals) {
  const keys = Object.keys(t.keys);
  const sums = Object.keys(t.sums);
  const keyOf = (r: 'new' | 'old') => keys.map((k) => row(t.keys[k]!.expr, r));
  const match = (r: 'new' | 'old') =>
    keys.map((k, i) => `${t.summary}.${k} = ${keyOf(r)[i]}`).join(' and ');
  const add = (r: 'new') =>
    `insert into ${t.summary} (${[...keys, 'nombre', ...sums].join(', ')}) values (${[
      ...keyOf(r),
      '1',
      ...sums.map((s) => `${r}.${t.sums[s]}`),
    ].join(
      ', ',
    )}) on conflict (${keys.join(', ')}) do update set nombre = ${t.summary}.nombre + 1, ${sums
      .map((s) => `${s} = ${t.summary}.${s} + excluded.${s}`)
      .join(', ')}`;
  const sub = (r: 'old') =>
    `update ${t.summary} set nombre = nombre - 1, ${sums
      .map((s) => `${s} = ${s} - ${r}.${t.sums[s]}`)
      .join(', ')} where ${match(r)}`;
  const same = `update ${t.summary} set ${sums
    .map((s) => `${s} = ${s} - old.${t.sums[s]} + new.${t.sums[s]}`)
    .join(', ')} where ${match('new')}`;
  // The columns whose change moves a row's figures: those the keys read and the summed ones.
  const watched = [
    ...new Set([
      ...keys.flatMap((k) => [...t.keys[k]!.expr.matchAll(/\$\.(\w+)/g)].map((m) => m[1]!)),
      ...Object.values(t.sums),
    ]),
  ];
  return { keys, keyOf, add, sub, same, watched };
}

/** Creates the summary table, fills it from the documents already written, and its triggers. */
export async function createDayTotals(
  db: Kysely<unknown>,
  ctx: MigrationContext,
  t: DayTotals,
): Promise<void> {
  const s = statements(t);
  let create = db.schema.createTable(t.summary);
  for (const k of s.keys) create = create.addColumn(k, t.keys[k]!.type, (c) => c.notNull());
  create = create.addColumn('nombre', 'bigint', (c) => c.notNull());
  for (const k of Object.keys(t.sums)) create = create.addColumn(k, 'bigint', (c) => c.notNull());
  await create.addPrimaryKeyConstraint(`${t.summary}_pk`, s.keys as never).execute();

  const from = (expr: string) => expr.replaceAll('$.', '');
  const keyExprs = s.keys.map((k) => from(t.keys[k]!.expr));
  await sql
    .raw(
      `insert into ${t.summary} (${[...s.keys, 'nombre', ...Object.keys(t.sums)].join(', ')})
       select ${[...keyExprs, 'count(*)', ...Object.values(t.sums).map((c) => `sum(${c})`)].join(', ')}
       from ${t.table} group by ${keyExprs.join(', ')}`,
    )
    .execute(db);

  if (ctx.dialect === 'postgres') {
    // A change of key takes the two summary rows in key order: concurrent documents never deadlock.
    const tuple = (r: 'new' | 'old') => `(${s.keyOf(r).join(', ')})`;
    await sql
      .raw(
        `create function ${t.summary}_f() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and ${tuple('old')} = ${tuple('new')} then
            ${s.same};
          elsif tg_op = 'UPDATE' and ${tuple('old')} > ${tuple('new')} then
            ${s.add('new')};
            ${s.sub('old')};
          else
            if tg_op <> 'INSERT' then ${s.sub('old')}; end if;
            if tg_op <> 'DELETE' then ${s.add('new')}; end if;
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${t.summary}_t after insert or delete or update of ${s.watched.join(', ')}
         on ${t.table} for each row execute function ${t.summary}_f()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(`create trigger ${t.summary}_i after insert on ${t.table} begin ${s.add('new')}; end`)
    .execute(db);
  await sql
    .raw(`create trigger ${t.summary}_d after delete on ${t.table} begin ${s.sub('old')}; end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${t.summary}_u after update of ${s.watched.join(', ')} on ${t.table}
       begin ${s.sub('old')}; ${s.add('new')}; end`,
    )
    .execute(db);
}

const MIDNIGHT = 'T00:00:00.000Z';

/**
 * A period of instants [start, end) (ISO strings, either end open) cut for a summary keyed by UTC
 * day: the whole UTC days inside it (`from` included, `to` excluded, either open) and the partial
 * stretches at its ends, to be read from the documents themselves. `days` is null when no whole
 * day fits.
 */
export function utcDaysOf(
  start: string | null,
  end: string | null,
): {
  days: { from: string | null; to: string | null } | null;
  edges: Array<[string | null, string | null]>;
} {
  const from =
    start === null
      ? null
      : start.endsWith(MIDNIGHT)
        ? start.slice(0, 10)
        : addDays(start.slice(0, 10), 1);
  const to = end === null ? null : end.slice(0, 10);
  if (from !== null && to !== null && from >= to) return { days: null, edges: [[start, end]] };
  const edges: Array<[string | null, string | null]> = [];
  if (start !== null && !start.endsWith(MIDNIGHT)) edges.push([start, `${from}${MIDNIGHT}`]);
  if (end !== null && !end.endsWith(MIDNIGHT)) edges.push([`${to}${MIDNIGHT}`, end]);
  return { days: { from, to }, edges };
}
