import { expect } from 'vitest';
import type { CsvExport } from '../../src/core/csv-export.js';
import { loopTurns } from './event-loop.js';

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
