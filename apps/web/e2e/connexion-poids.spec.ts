import http from 'node:http';
import { expect, test } from '@playwright/test';

/** Bytes of `url` on the wire for a browser that accepts gzip only (the body is not decoded). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/**
 * Issue 18: the login page, cache empty, loads at most 150 KiB of JavaScript in gzip (what
 * `BENCH_ONLY=login-page node bench/run.mjs` reports). A screen, a library or the shell that
 * comes back into the login page's scripts fails here rather than in a bench nobody reads.
 */
test('la page de connexion charge au plus 150 Kio de JavaScript en gzip', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all([...scripts].map(gzipBytes));
  const kio = sizes.reduce((a, b) => a + b, 0) / 1024;
  expect(scripts.size).toBeGreaterThan(0);
  expect(kio, `${scripts.size} fichiers : ${kio.toFixed(1)} Kio`).toBeLessThanOrEqual(150);
});
