#!/usr/bin/env node
// Line budget of the source files (written down in CODE_STYLE.md): a file past its budget has more
// than one purpose and must be split. Counts every line of the file as Prettier formats it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const BUDGETS = [
  { name: 'test', max: 800, match: (f) => /(^|\/)(test|e2e)\/|\.test\.tsx?$|\.spec\.ts$/.test(f) },
  { name: 'source', max: 300, match: () => true },
];
const CODE = /\.(ts|tsx|mts|mjs|js|css)$/;

// Files still over budget, to be split; this list only shrinks.
const PENDING = new Set([]);

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => CODE.test(f) && !f.startsWith('node_modules/') && !f.includes('/dist/'));

const over = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const budget = BUDGETS.find((b) => b.match(file));
  if (lines > budget.max && !PENDING.has(file))
    over.push(`${file}: ${lines} lignes (budget ${budget.name} : ${budget.max})`);
}
if (over.length > 0) {
  console.error(
    `Fichiers au-delà de leur budget de lignes (voir CODE_STYLE.md) :\n${over.join('\n')}`,
  );
  process.exit(1);
}
console.log(`Budget de lignes respecté (${files.length} fichiers).`);
