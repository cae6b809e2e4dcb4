import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEMES } from './src/layout/themes.ts';
import { serviceWorker } from './service-worker.ts';

const require = createRequire(import.meta.url);
const THEMES_DIR = path.join(
  path.dirname(require.resolve('primereact/package.json')),
  'resources/themes',
);

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    const rel = prefix ? `${prefix}/${entry}` : entry;
    return statSync(full).isDirectory() ? filesUnder(full, rel) : [rel];
  });
}

/**
 * PrimeReact themes at /themes/<name>/ (theme.css and its fonts), swapped at run time through
 * <link id="theme-css">: served from node_modules in dev, copied into the build output.
 */
function primeThemes(names: readonly string[]): Plugin {
  const allowed = new Set(names);
  return {
    name: 'comptoir-prime-themes',
    configureServer(server) {
      server.middlewares.use('/themes', (req, res, next) => {
        const [name, ...rest] = decodeURIComponent((req.url ?? '').split('?')[0] ?? '')
          .replace(/^\/+/, '')
          .split('/');
        const file = rest.join('/');
        if (!name || !allowed.has(name) || !file || file.includes('..')) return next();
        const full = path.join(THEMES_DIR, name, file);
        try {
          const body = readFileSync(full);
          res.setHeader(
            'Content-Type',
            CONTENT_TYPES[path.extname(full)] ?? 'application/octet-stream',
          );
          res.end(body);
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const name of names) {
        for (const file of filesUnder(path.join(THEMES_DIR, name))) {
          this.emitFile({
            type: 'asset',
            fileName: `themes/${name}/${file}`,
            source: readFileSync(path.join(THEMES_DIR, name, file)),
          });
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), primeThemes(THEMES.map((t) => t.name)), serviceWorker()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  // The Excel worker (src/lib/xlsx.worker.ts, reads imports and writes exports) is a module worker
  // that loads exceljs on demand: the only copy of exceljs in the build.
  worker: { format: 'es' },
});
