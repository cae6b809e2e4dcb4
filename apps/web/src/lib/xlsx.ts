/**
 * Excel files in the browser with exceljs, loaded on demand (its own chunk, out of the main bundle).
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

/**
 * An .xlsx workbook of one sheet. Cells of the `numeric` columns written with a decimal comma
 * ("2,75") become numbers; the others stay text (a barcode keeps its leading zeros).
 */
export async function writeXlsx(
  sheetName: string,
  rows: readonly (readonly string[])[],
  numeric: ReadonlySet<number>,
): Promise<Blob> {
  const buffer = await buildXlsx(sheetName, rows, numeric);
  return new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

/** The bytes of that workbook. */
export async function buildXlsx(
  sheetName: string,
  rows: readonly (readonly string[])[],
  numeric: ReadonlySet<number>,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  rows.forEach((row, r) => {
    sheet.addRow(
      row.map((cell, c) =>
        r > 0 && numeric.has(c) && /^-?\d+(,\d+)?$/.test(cell)
          ? Number(cell.replace(',', '.'))
          : cell,
      ),
    );
  });
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as ArrayBuffer;
}

export { downloadBlob } from './download';
