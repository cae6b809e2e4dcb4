import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_TOTAL_HEADER } from '@comptoir/shared';
import { csvHeader, csvRows, type CsvValue } from './csv.js';
import { laisserPasser } from './event-loop.js';

/** Rows read and written at a time by an export, the event loop given back in between. */
export const EXPORT_TRANCHE = 1000;

/** A CSV export written in pieces: how many rows will come, and the file's text piece by piece. */
export interface CsvExport {
  total: number;
  morceaux: AsyncIterable<string>;
}

export interface CsvExportSpec<Key, Row> {
  headers: readonly string[];
  /** What identifies each row, in the file's order: the ids the list's filters and sort give. */
  keys: readonly Key[];
  /** The rows of these keys, in their order (one gone meanwhile may be left out). */
  read: (keys: readonly Key[]) => Promise<readonly Row[]> | readonly Row[];
  /** The cells of one row. */
  cells: (row: Row) => readonly CsvValue[];
  tranche?: number;
}

/**
 * Every row of a list as a CSV file, written in pieces: the keys are read first (their number
 * is `total`), then the rows `tranche` at a time, the event loop given back before each piece. A
 * year of sales read and written at once kept every till waiting for seconds.
 */
export function csvExport<Key, Row>(spec: CsvExportSpec<Key, Row>): CsvExport {
  const { headers, keys, read, cells, tranche = EXPORT_TRANCHE } = spec;
  async function* morceaux() {
    yield csvHeader(headers);
    for (let i = 0; i < keys.length; i += tranche) {
      await laisserPasser();
      yield csvRows((await read(keys.slice(i, i + tranche))).map(cells));
    }
  }
  return { total: keys.length, morceaux: morceaux() };
}

/**
 * An export of rows already computed at once (an aggregate of one query): only the writing is cut
 * in pieces, the event loop given back between them.
 */
export const csvExportOf = <Row>(
  headers: readonly string[],
  rows: readonly Row[],
  cells: (row: Row) => readonly CsvValue[],
  tranche?: number,
): CsvExport => csvExport({ headers, keys: rows, read: (some) => some, cells, tranche });

/** The rows of `ids` in that order, from rows read in any order (one gone meanwhile left out). */
export function inOrderOf<Row>(
  ids: readonly number[],
  rows: readonly Row[],
  idOf: (row: Row) => number,
): Row[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A query of rows that have an id (Kysely's builders are ones). */
interface RowsQuery<Row extends { id: number | string }> {
  execute(): Promise<Row[]>;
}

/** The ids an ordered query gives (an export's keys: the list's query, its columns cleared). */
export const idsOf = async (query: RowsQuery<{ id: number | string }>): Promise<number[]> =>
  (await query.execute()).map((r) => Number(r.id));

/** The rows a query gives for some ids, in the order of the ids. */
export const rowsOf = async <Row extends { id: number | string }>(
  ids: readonly number[],
  query: RowsQuery<Row>,
): Promise<Row[]> => inOrderOf(ids, await query.execute(), (r) => Number(r.id));

/**
 * Sends an export as it is written, as the file `filename`; the number of rows
 * (EXPORT_TOTAL_HEADER) lets the browser show its progress. A failure midway cuts the connection:
 * the browser sees an error, never a short file.
 */
export const sendCsvExport = (
  reply: FastifyReply,
  filename: string,
  { total, morceaux }: CsvExport,
) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header(EXPORT_TOTAL_HEADER, String(total))
    .send(Readable.from(morceaux));
