import { parseCsv } from '../../lib/csv';

/**
 * The rows of an imported file: CSV (separator detected) or Excel (.xlsx, read by a Web Worker,
 * loaded on demand). `progression` is told the rows of an Excel file read so far; `signal` stops
 * its reading.
 */
export async function readFile(
  file: File,
  progression?: (lignes: number, total: number) => void,
  signal?: AbortSignal,
): Promise<string[][]> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx')) {
    const { readXlsx } = await import('../../lib/xlsx');
    return readXlsx(await file.arrayBuffer(), progression, signal);
  }
  if (name.endsWith('.csv') || name.endsWith('.txt') || file.type === 'text/csv')
    return parseCsv(await file.text());
  throw new Error('Choisissez un fichier .csv ou .xlsx.');
}
