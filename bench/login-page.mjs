// The web app in Chromium: JavaScript of the login page as it is sent (compressed bytes on the
// wire) and, over an emulated slow link (1.6 Mbit/s, 150 ms latency: a phone on a weak mobile
// network), the time until the login form can be used (target < 3 s), and from « Se connecter »
// until the point of sale accepts a scan, cache empty (target < 6 s) and on a reload with a warm
// cache (target < 1.5 s).
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
const SLOW = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 1_600_000 / 8 };
const RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 5);

async function slowPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW });
  return page;
}

/** Script bytes of the login page as they cross the network, cache empty. */
async function loginScripts(browser, baseUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() === 'script') sizes.push((await request.sizes()).responseBodySize);
  });
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('button', { name: /se connecter/i }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
}

/** One phone: cold login form, then sign-in → POS ready, then a reload of the POS (warm cache). */
async function onePhone(browser, baseUrl) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await slowPage(context);
  let t = performance.now();
  await page.goto(`${baseUrl}/auth/login`);
  const submit = page.getByRole('button', { name: /se connecter/i });
  await submit.waitFor();
  const form = performance.now() - t;
  await page.getByLabel('Adresse e-mail').fill('gerant@comptoir.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('comptoir');
  t = performance.now();
  await submit.click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto(`${baseUrl}/pages/ventes`);
  const scan = page.getByLabel('Rechercher ou scanner un produit');
  await scan.waitFor();
  await scan.focus();
  const posCold = performance.now() - t;
  t = performance.now();
  await page.reload();
  await scan.waitFor();
  const posWarm = performance.now() - t;
  await context.close();
  return { form, posCold, posWarm };
}

export async function benchLoginPage(baseUrl) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const js = await loginScripts(browser, baseUrl);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await onePhone(browser, baseUrl));
    const row = (label, key, target) => {
      const p = percentiles(runs.map((r) => r[key]));
      const flag = p.p50 < target ? `   (cible ${fmt(target)})` : `   ⚠ > ${fmt(target)}`;
      return `  ${label.padEnd(52)} p50 ${fmt(p.p50)}, max ${fmt(Math.max(...runs.map((r) => r[key])))}${flag}`;
    };
    const kib = js.bytes / 1024;
    return [
      `  JavaScript de la page de connexion, octets envoyés : ${kib.toFixed(1)} Kio en ${js.files} fichiers${kib <= 150 ? '   (cible 150 Kio)' : '   ⚠ > 150 Kio'}`,
      `  Lien lent (1,6 Mbit/s, 150 ms), ${RUNS} téléphones :`,
      row('    formulaire de connexion utilisable (cache vide)', 'form', 3000),
      row('    « Se connecter » → caisse prête à scanner (cache vide)', 'posCold', 6000),
      row('    caisse rechargée → prête à scanner (cache chaud)', 'posWarm', 1500),
    ].join('\n');
  } finally {
    await browser.close();
  }
}
