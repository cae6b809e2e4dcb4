import { expect } from 'vitest';
import { EXPORT_TOTAL_HEADER } from '@comptoir/shared';
import type { CsvExport } from '../../src/core/csv-export.js';
import { loopTurns } from './event-loop.js';
import type { Answer } from './http.js';

/**
 * An export written `tranche` rows at a time: `rows` rows announced, the headers then one piece
 * per tranche, the event loop given back between two pieces (the same turn twice: it kept the
 * loop), and the same text as the file the route sends (`whole`).
 */
export async function expectWrittenInPieces(
  { total, morceaux }: CsvExport,
  rows: number,
  tranche: number,
  whole: string,
): Promise<void> {
  const loop = loopTurns();
  const pieces: string[] = [];
  const turns: number[] = [];
  try {
    for await (const piece of morceaux) {
      pieces.push(piece);
      turns.push(loop.turns);
    }
  } finally {
    loop.stop();
  }
  expect(total).toBe(rows);
  expect(pieces).toHaveLength(1 + Math.ceil(rows / tranche));
  for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1]!);
  // The test client's decoder drops the byte-order mark, which the first piece holds.
  expect(pieces[0]!.startsWith('\uFEFF')).toBe(true);
  expect(pieces.join('').slice(1)).toBe(whole);
}

/**
 * A CSV export answered in full: the number of rows it announced (EXPORT_TOTAL_HEADER) is the
 * number of its lines after the headers' one (no cell of the caller's data holds a line break).
 */
export function expectAnnouncedRows(answer: Answer): void {
  expect(answer.status).toBe(200);
  const lines = String(answer.body)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);
  expect(answer.headers.get(EXPORT_TOTAL_HEADER)).toBe(String(lines.length));
}
