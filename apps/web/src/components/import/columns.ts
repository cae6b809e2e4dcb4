import { parseMoney } from '@comptoir/shared';

/**
 * Columns of an imported spreadsheet (CSV or Excel) mapped to the fields of a screen: headers
 * recognised by name whatever their accents, case and punctuation; the user may change each one.
 */
export interface ColumnSpec<F extends string> {
  field: F;
  label: string;
  required: boolean;
  /** Headers recognised for this field, normalised (lower case, no accents, letters and digits only). */
  aliases: readonly string[];
}

/** Column index of each field in the file, or null when not imported. */
export type ColumnMappingOf<F extends string> = Record<F, number | null>;

/** A row the import refuses, shown in the errors table. */
export interface RowError {
  /** Row number in the data (1 = first row under the headers), as the server counts them. */
  ligne: number;
  champ: string;
  message: string;
}

export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Matches the file's headers to the fields by name; each column serves at most one field. */
export function autoMapColumns<F extends string>(
  specs: readonly ColumnSpec<F>[],
  headers: readonly string[],
): ColumnMappingOf<F> {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const mapping = {} as ColumnMappingOf<F>;
  for (const spec of specs) {
    let found: number | null = null;
    for (const alias of spec.aliases) {
      const index = normalized.findIndex((h, i) => h === alias && !used.has(i));
      if (index >= 0) {
        found = index;
        break;
      }
    }
    if (found !== null) used.add(found);
    mapping[spec.field] = found;
  }
  return mapping;
}

/** Labels of the required fields without a column. */
export function missingColumns<F extends string>(
  specs: readonly ColumnSpec<F>[],
  mapping: ColumnMappingOf<F>,
): string[] {
  return specs.filter((f) => f.required && mapping[f.field] === null).map((f) => f.label);
}

/** The trimmed cell of `field` in a row ('' when the field has no column). */
export function cellOf<F extends string>(
  row: readonly string[],
  mapping: ColumnMappingOf<F>,
  field: F,
): string {
  const column = mapping[field];
  return column === null ? '' : (row[column] ?? '').trim();
}

/** An amount as a spreadsheet writes it (« 1 234,50 », « 2 500 FCFA », « 3,20 € »), or null. */
export const moneyCell = (raw: string, devise: string): number | null =>
  parseMoney(raw.replace(/\s*(€|\$|f\s?cfa|[a-z]{3})$/i, ''), devise);
