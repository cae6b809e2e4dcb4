import { parseCsv } from './csv';

/**
 * The writing of an Excel workbook from a server's CSV export, run in a Web Worker
 * (xlsx.worker.ts): exceljs takes seconds for 100 000 rows, which froze the page when it ran there.
 */

/** The columns that hold numbers: those of these headers, or every column from an index on. */
export type NumericColumns = { headers: readonly string[] } | { from: number };

/** What the worker is asked: a sheet of this name made of a CSV export (`;`, decimal commas). */
export interface ClasseurDemande {
  feuille: string;
  csv: string;
  numeric: NumericColumns;
}

/** What the worker answers: rows written so far, then the file's bytes (or why it failed). */
export type ClasseurMessage =
  | { type: 'lignes'; lignes: number; total: number }
  | { type: 'fichier'; octets: ArrayBuffer }
  | { type: 'erreur'; message: string };

/** Rows added between two progress reports. */
const PAS = 1000;

/**
 * An .xlsx workbook of one sheet. Cells of the `numeric` columns written with a decimal comma
 * ("2,75") become numbers; the others stay text (a barcode keeps its leading zeros). `progression`
 * is told the rows added under the headers, every thousand, and once all are in (the file is then
 * compressed).
 */
export async function buildXlsx(
  sheetName: string,
  rows: readonly (readonly string[])[],
  numeric: ReadonlySet<number>,
  progression?: (lignes: number, total: number) => void,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  const total = Math.max(rows.length - 1, 0);
  rows.forEach((row, r) => {
    sheet.addRow(
      row.map((cell, c) =>
        r > 0 && numeric.has(c) && /^-?\d+(,\d+)?$/.test(cell)
          ? Number(cell.replace(',', '.'))
          : cell,
      ),
    );
    if (r % PAS === 0 && r > 0 && r < total) progression?.(r, total);
  });
  progression?.(total, total);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  // exceljs gives a Buffer, a view that a transfer refuses: the bytes in an ArrayBuffer of their own.
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

/** The indexes of the numeric columns among these headers. */
export function numericIndexes(headers: readonly string[], numeric: NumericColumns): Set<number> {
  const named = 'headers' in numeric ? new Set(numeric.headers) : null;
  return new Set(
    headers.flatMap((header, i) =>
      (named ? named.has(header) : i >= (numeric as { from: number }).from) ? [i] : [],
    ),
  );
}

/** The workbook of a CSV export: its rows (the first one the headers) with their numbers. */
export async function classeurDepuisCsv(
  { feuille, csv, numeric }: ClasseurDemande,
  progression?: (lignes: number, total: number) => void,
): Promise<ArrayBuffer> {
  const rows = parseCsv(csv, ';');
  return buildXlsx(feuille, rows, numericIndexes(rows[0] ?? [], numeric), progression);
}
