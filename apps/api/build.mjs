// Bundles the API into dist/main.js, and the thread of the SQLite sales into
// dist/fil-des-ventes.js. Dependencies stay in node_modules; the shared workspace package
// (TypeScript sources) is bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@comptoir/'));

await build({
  entryPoints: { main: 'src/main.ts', 'fil-des-ventes': 'src/fil-des-ventes.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'zod'],
  logLevel: 'warning',
});
