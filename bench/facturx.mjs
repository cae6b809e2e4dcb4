// Factur-X generation of a 30-line invoice (issue 12: target under 150 ms), in-process through
// bench/facturx-direct.ts: the CII XML alone and the whole PDF/A-3b with its embedded XML.
// No database is involved: run once, with the SQLite pass.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, percentiles } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function direct() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'bench/facturx-direct.ts')],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(text.trim().split('\n').pop()));
      else reject(new Error(`facturx-direct ${code}`));
    });
  });
}

export async function benchFacturx() {
  const result = await direct();
  const row = (label, samples, target) => {
    const p = percentiles(samples);
    const flag =
      target === undefined
        ? ''
        : p.p95 < target
          ? `   (cible ${target} ms)`
          : `   ⚠ > ${target} ms`;
    return `  ${label.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n})${flag}`;
  };
  return [
    'Factur-X, facture de 30 lignes (en processus)',
    row('XML CII EN 16931', result.xml),
    row(`PDF/A-3b + XML embarqué (${Math.round(result.bytes / 1024)} Ko)`, result.pdf, 150),
  ].join('\n');
}
