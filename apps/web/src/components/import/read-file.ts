import { parseCsv } from '../../lib/csv';

/** The rows of an imported file: CSV (separator detected) or Excel (.xlsx, read on demand). */
export async function readFile(file: File): Promise<string[][]> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx')) {
    const { readXlsx } = await import('../../lib/xlsx');
    return readXlsx(await file.arrayBuffer());
  }
  if (name.endsWith('.csv') || name.endsWith('.txt') || file.type === 'text/csv')
    return parseCsv(await file.text());
  throw new Error('Choisissez un fichier .csv ou .xlsx.');
}
