/**
 * The one CSV writer of the server (every export, written in pieces by csv-export.ts), for a
 * French spreadsheet: UTF-8 with a byte-order mark, « ; » between cells, CRLF. Each cell is safe whatever separator the
 * spreadsheet splits on, « ; » or « , »:
 * - quoted as RFC 4180 says (doubled quotes inside) when it holds a quote, « ; », « , » or a line
 *   break, but for a number with a decimal comma (2,75), which French spreadsheets read as such;
 * - every piece of text a spreadsheet could take for a cell (the start of the text, and what
 *   follows each « , » or « ; » inside it, spaces and quotes skipped) that starts with =, +, -, @,
 *   a tab or a carriage return is prefixed with an apostrophe, unless it is a plain number (-2,75):
 *   `a,=2+5,b` is written `"a,'=2+5,b"`.
 */
export type CsvValue = string | number | null;

const PIECES = /([^,;]*)([,;]|$)/g;
const FORMULA_PIECE = /^([ "]*)(?=[=+\-@\t\r])/;
const PLAIN_NUMBER = /^[ "]*-?\d+(?:\.\d+)?[ "]*$/;
const NEEDS_QUOTES = /[";,\r\n]/;
const DECIMAL = /^-?\d+(?:,\d+)?$/;

function neutralise(text: string): string {
  return text.replace(PIECES, (_, piece: string, separator: string) =>
    PLAIN_NUMBER.test(piece) ? piece + separator : piece.replace(FORMULA_PIECE, "$1'") + separator,
  );
}

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  const text = neutralise(String(value));
  return NEEDS_QUOTES.test(text) && !DECIMAL.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The start of a file: the byte-order mark and the headers' line. */
export const csvHeader = (headers: readonly string[]): string =>
  `\uFEFF${headers.map(csvCell).join(';')}\r\n`;

/** Lines of rows, each ended by CRLF (a file written in pieces: csvHeader, then these). */
export function csvRows(rows: Iterable<readonly CsvValue[]>): string {
  let text = '';
  for (const row of rows) text += `${row.map(csvCell).join(';')}\r\n`;
  return text;
}
