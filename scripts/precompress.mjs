// Compresses the built web app once, at build time, at the best levels: next to each text file of
// at least 1 KiB, a .br (brotli 11) and a .gz (gzip 9) twin that the server sends as they are to
// a client that accepts them (apps/api/src/web-delivery.ts). Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);
const MIN_BYTES = 1024;

/** @param {string} dir */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

const root = process.argv[2];
if (!root || !statSync(root).isDirectory()) {
  console.error('Usage : node scripts/precompress.mjs <dossier construit>');
  process.exit(2);
}
let raw = 0;
let br = 0;
let count = 0;
for (const file of files(root)) {
  if (!TEXT.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  br += brotli.length;
  count++;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`Précompression : ${count} fichiers, ${kib(raw)} → ${kib(br)} en brotli`);
