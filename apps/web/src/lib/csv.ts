/**
 * A small CSV reader for the files a French spreadsheet writes: byte-order mark dropped, `;` or `,`
 * separator detected from the first line (outside quotes), quoted cells with doubled quotes and
 * line breaks, CRLF, LF or CR line ends. Returns the rows as arrays of cells; blank lines dropped.
 */
export function detectSeparator(text: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) counts[ch] += 1;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[','] > counts[';'] ? ',' : ';';
}

export function parseCsv(
  input: string,
  separator: string = detectSeparator(input.replace(/^\uFEFF/, '')),
): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.some((c) => c.trim() !== '')) rows.push(row);
    row = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else cell += ch;
    i += 1;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** One CSV line for a French spreadsheet: `;` separated, quoted when needed. */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return cells
    .map((value) => {
      const text = value === null ? '' : String(value);
      return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(';');
}
