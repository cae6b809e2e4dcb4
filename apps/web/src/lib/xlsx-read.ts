import type Excel from 'exceljs';

/**
 * The reading of an imported .xlsx file, run in a Web Worker (xlsx.worker.ts): exceljs takes
 * seconds for 20 000 rows, which froze the page when it ran there. Pure code, tested in Node.
 */

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

/** Rows built between two progress reports. */
const PAS = 1000;

/** The rows of the workbook being built, counted: told every thousand. */
interface Suivi {
  total: number;
  faites: number;
  progression: (lignes: number, total: number) => void;
}

/** The progress of each workbook being loaded, and the one whose rows are being built now. */
const suivis = new WeakMap<object, Suivi>();
let enCours: Suivi | undefined;
let instrumente = false;

type Setter = (this: unknown, value: unknown) => void;

/** Wraps the `model` setter of a prototype (left alone when exceljs no longer has one). */
function envelopper(proto: object, wrap: (set: Setter) => Setter): void {
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'model');
  if (!descriptor?.set || !descriptor.configurable) return;
  Object.defineProperty(proto, 'model', { ...descriptor, set: wrap(descriptor.set as Setter) });
}

/**
 * exceljs tells nothing while it loads. Its last step, the building of the sheets' rows from the
 * parsed file (about half of the load), runs inside the workbook's `model` setter, synchronously,
 * one row's `model` setter after the other: both are wrapped (once per copy of exceljs) to count
 * the rows built. Should exceljs change these, the file is still read, only without its count.
 */
function instrumenter(ExcelJS: typeof Excel): void {
  if (instrumente) return;
  instrumente = true;
  envelopper(
    ExcelJS.Workbook.prototype,
    (set) =>
      function (this: unknown, value: unknown) {
        const suivi = suivis.get(this as object);
        const sheets = (value as { worksheets?: { rows?: unknown[] }[] } | null)?.worksheets;
        if (!suivi || !Array.isArray(sheets)) return set.call(this, value);
        suivi.total = sheets.reduce((n, sheet) => n + (sheet.rows?.length ?? 0), 0);
        enCours = suivi;
        try {
          set.call(this, value);
        } finally {
          enCours = undefined;
        }
      },
  );
  const row = new ExcelJS.Workbook().addWorksheet('lignes').getRow(1);
  envelopper(
    Object.getPrototypeOf(row) as object,
    (set) =>
      function (this: unknown, value: unknown) {
        set.call(this, value);
        const suivi = enCours;
        if (!suivi) return;
        suivi.faites += 1;
        if (suivi.faites % PAS === 0 && suivi.faites < suivi.total)
          suivi.progression(suivi.faites, suivi.total);
      },
  );
}

/**
 * The first sheet of an .xlsx file as rows of cell texts (blank rows dropped). `progression` is
 * told the rows of the file built so far, every thousand, and all of them once the file is read.
 * Throws exceljs's error (in English) when the bytes are not a workbook.
 */
export async function lireClasseur(
  data: ArrayBuffer,
  progression?: (lignes: number, total: number) => void,
): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  instrumenter(ExcelJS);
  const workbook = new ExcelJS.Workbook();
  const suivi: Suivi = { total: 0, faites: 0, progression: progression ?? (() => {}) };
  suivis.set(workbook, suivi);
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
  suivi.progression(suivi.total, suivi.total);
  return rows;
}
