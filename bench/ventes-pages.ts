// BENCH_PAGES=1 (SQLite): after the timed levels, bench/ventes-direct.ts sells 200 more sales at
// 1 register, then 500 at 10, and prints how many 4 KiB pages each sale added to the WAL, by
// table or index (SQLite's `dbstat`). A read kept open holds the WAL from starting over, so every
// page written stays in it to be counted; the figures are pages, not times (ARCHITECTURE.md,
// « pages écrites par vente »).
import { fstatSync, openSync, readSync, closeSync } from 'node:fs';
import SQLite from 'better-sqlite3';

const FRAME_HEADER = 24;
const WAL_HEADER = 32;

/** Page numbers of the WAL's frames of its current generation (those with the header's salts). */
function framesOf(wal: string, pageSize: number): number[] {
  const fd = openSync(wal, 'r');
  try {
    const header = Buffer.alloc(WAL_HEADER);
    readSync(fd, header, 0, WAL_HEADER, 0);
    const [salt1, salt2] = [header.readUInt32BE(16), header.readUInt32BE(20)];
    const size = fstatSync(fd).size;
    const frame = Buffer.alloc(FRAME_HEADER);
    const pages: number[] = [];
    for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= size; at += FRAME_HEADER + pageSize) {
      readSync(fd, frame, 0, FRAME_HEADER, at);
      if (frame.readUInt32BE(8) !== salt1 || frame.readUInt32BE(12) !== salt2) break;
      pages.push(frame.readUInt32BE(0));
    }
    return pages;
  } finally {
    closeSync(fd);
  }
}

function owners(db: SQLite.Database): Map<number, string> {
  const rows = db.prepare('select name, pageno from dbstat').all() as Array<{
    name: string;
    pageno: number;
  }>;
  return new Map(rows.map((r) => [r.pageno, r.name]));
}

/**
 * Pages per sale of `sell(k)` run `count` times over `terminals` registers at once. The caller's
 * sales before it have let the checkpoint thread copy the WAL back (a pause), so that the first
 * sale here starts it over; the read opened after it keeps it from starting over again.
 */
export async function pagesParVente(
  file: string,
  terminals: number,
  count: number,
  sell: (k: number) => Promise<unknown>,
): Promise<string> {
  await new Promise((r) => setTimeout(r, 1_000));
  await sell(0);
  const reader = new SQLite(file, { readonly: true });
  try {
    const pageSize = reader.pragma('page_size', { simple: true }) as number;
    reader.exec('begin');
    const before = owners(reader);
    const first = framesOf(`${file}-wal`, pageSize).length;
    await Promise.all(
      Array.from({ length: terminals }, async (_, k) => {
        for (let i = 0; i < count / terminals; i++) await sell(k);
      }),
    );
    const pages = framesOf(`${file}-wal`, pageSize).slice(first);
    // Pages added by these sales belong to no tree of the read's snapshot: named after them.
    const latest = new SQLite(file, { readonly: true });
    const after = owners(latest);
    latest.close();
    const byTree = new Map<string, number>();
    for (const page of pages) {
      const name = before.get(page) ?? `${after.get(page) ?? '?'} (nouvelle)`;
      byTree.set(name, (byTree.get(name) ?? 0) + 1);
    }
    const lines = [...byTree]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, n]) => `      ${(n / count).toFixed(2).padStart(6)}  ${name}`);
    return [
      `    ${terminals} caisse(s), ${count} ventes : ${(pages.length / count).toFixed(1)} pages écrites au WAL par vente, dont :`,
      ...lines,
    ].join('\n');
  } finally {
    reader.close();
  }
}
