import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of the repository: `from` imports `to` (a file of the repository, or a package). */
export interface ImportEdge {
  from: string;
  /** The imported file, relative to the repository root; the bare name for a package. */
  to: string;
}

const SOURCE = /^(apps|packages)\/.+\.(ts|tsx|mts)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Files of the repository that Git knows (tracked or new), outside node_modules and builds. */
export function sourceFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !f.includes('node_modules/') && !f.includes('/dist/'));
}

/**
 * The file a specifier of `from` names: relative paths are resolved as the bundler and tsc do
 * (`./x.js` is `x.ts`, a folder is its index); anything else is a package, kept as written.
 * A relative path to no known source (a stylesheet, an image) keeps its normalised path.
 */
export function resolveSpecifier(from: string, specifier: string, known: Set<string>): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((e) => stem + e)]) {
    if (known.has(candidate)) return candidate;
  }
  return base;
}

/**
 * Every import of every source file: static imports (type-only ones too: they bind the layers
 * as much), `export … from`, `import()` and `require()`, read by TypeScript's own pre-parser.
 */
export function readImportGraph(root: string): ImportEdge[] {
  const files = sourceFiles(root);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    let text: string;
    try {
      text = readFileSync(path.join(root, from), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName } of importedFiles) {
      edges.push({ from, to: resolveSpecifier(from, fileName, known) });
    }
  }
  return edges;
}
