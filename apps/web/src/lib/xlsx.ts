/**
 * Excel files in the browser with exceljs, loaded on demand (its own chunk, out of the main bundle):
 * read on the page, written by a Web Worker.
 */
import type { ClasseurDemande, ClasseurMessage } from './xlsx-write';

type CellValue = unknown;

/**
 * The text of one cell as a spreadsheet user reads it: numbers with a dot, formulas by result. A
 * whole number shown with a format of zeros (« 0000000000000 », how a spreadsheet keeps a barcode's
 * leading zeros on a number) is written with them, as the sheet shows it.
 */
export function cellText(value: CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 && numFmt && /^0+$/.test(numFmt)
      ? String(value).padStart(numFmt.length, '0')
      : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as {
      result?: CellValue;
      richText?: { text: string }[];
      text?: string;
      error?: string;
    };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result, numFmt);
    if (typeof v.text === 'string') return v.text;
    if (v.error) return v.error;
  }
  return '';
}

/** The first sheet of an .xlsx file as rows of cell texts (blank rows dropped). */
export async function readXlsx(data: ArrayBuffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c += 1) {
      const cell = row.getCell(c);
      cells.push(cellText(cell.value, cell.numFmt).trim());
    }
    if (cells.some((cell) => cell !== '')) rows.push(cells);
  });
  return rows;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The workbook of a CSV export, written by a Web Worker (xlsx.worker.ts, one per export, ended
 * when done): the page stays usable meanwhile. `progression` is told the rows written (all of them
 * when only the file's compression is left).
 */
export function writeXlsx(
  demande: ClasseurDemande,
  progression?: (lignes: number, total: number) => void,
): Promise<Blob> {
  const worker = new Worker(new URL('./xlsx.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ClasseurMessage>) => {
      const message = event.data;
      if (message.type === 'lignes') progression?.(message.lignes, message.total);
      else if (message.type === 'fichier') resolve(new Blob([message.octets], { type: XLSX_TYPE }));
      else {
        console.error('Classeur Excel :', message.message);
        reject(new Error("Le classeur Excel n'a pas pu être écrit."));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error("Le classeur Excel n'a pas pu être écrit."));
    };
    worker.postMessage(demande);
  }).finally(() => worker.terminate());
}

export { downloadBlob } from './download';
