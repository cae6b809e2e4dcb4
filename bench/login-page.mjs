// The login page in Chromium: JavaScript shipped (gzip) and time to first render.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { percentiles, fmt } from './server.mjs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function benchLoginPage(baseUrl) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const scripts = new Map();
    const fcp = [];
    const ready = [];
    for (let i = 0; i < 11; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (i === 0) {
        page.on('response', async (r) => {
          if (r.request().resourceType() === 'script')
            scripts.set(r.url(), gzipSync(await r.body(), { level: 9 }).length);
        });
      }
      const start = Date.now();
      await page.goto(`${baseUrl}/auth/login`);
      await page.getByRole('button', { name: /se connecter/i }).waitFor();
      const visible = Date.now() - start;
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      );
      if (i > 0) {
        fcp.push(paint);
        ready.push(visible);
      }
      await context.close();
    }
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const p = percentiles(fcp);
    const r = percentiles(ready);
    return [
      `  JavaScript de la page de connexion : ${(total / 1024).toFixed(1)} Kio gzip en ${scripts.size} fichiers`,
      `  Premier rendu (first-contentful-paint) : p50 ${fmt(p.p50)}, p95 ${fmt(p.p95)} (n=${p.n}, cache vide)`,
      `  Formulaire prêt (bouton visible)        : p50 ${fmt(r.p50)}, p95 ${fmt(r.p95)}`,
    ].join('\n');
  } finally {
    await browser.close();
  }
}
