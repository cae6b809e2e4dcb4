import { sql, type RawBuilder } from 'kysely';

/** Rows to skip for a page of the list contract (pages start at 1). */
export const offsetOf = (q: { page: number; size: number }): number => (q.page - 1) * q.size;

/** `%text%` for LIKE, with the LIKE wildcards of the text escaped (ESCAPE '\'), lower-cased. */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive "contains" over one text expression, the same on SQLite and PostgreSQL:
 * lower() on both sides (SQLite's lower() is replaced by a Unicode one in database.ts).
 */
export function lowerContains(expression: RawBuilder<unknown>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${expression}) like ${containsPattern(text)} escape '\\'`;
}
