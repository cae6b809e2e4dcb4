// The web app in Chromium: JavaScript of the login page and of the POS screen as it is sent (compressed bytes on the
// wire) and, over an emulated slow link (1.6 Mbit/s, 150 ms latency: a phone on a weak mobile
// network), the time until the login form can be used (target < 3 s), and from « Se connecter »
// until the point of sale accepts a scan, cache empty (target < 6 s) and on a reload with a warm
// cache (target < 1.5 s).
import http from 'node:http';
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

/** Bytes of `url` on the wire for a client that accepts `encoding` only (no decoding). */
function wireBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/** Bytes of each of `urls` on the wire, as Chromium gets them (brotli), as gzip and as brotli alone. */
async function sizesOf(urls) {
  const sum = async (list, encoding) =>
    (await Promise.all(list.map((u) => wireBytes(u, encoding)))).reduce((a, b) => a + b, 0);
  return {
    bytes: await sum(urls, 'gzip, deflate, br, zstd'),
    gzip: await sum(urls, 'gzip'),
    brotli: await sum(urls, 'br'),
    files: urls.length,
    urls,
  };
}

/**
 * Records the scripts `page` asks for from now on; `done()` gives their bytes on the wire, asked
 * again of the server as Chromium asks (brotli or gzip) and as a browser that accepts gzip only
 * (the page's own figures say nothing of a file the service worker answers).
 */
function recordScripts(page) {
  const urls = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return () => sizesOf([...urls]);
}

/**
 * Follows `page`'s requests from now on; `quiet(ms)` resolves once none is in flight and none has
 * started or ended for `ms` (a navigation inside the app does not wait for `networkidle` again).
 */
function trackRequests(page) {
  const inFlight = new Set();
  let last = performance.now();
  page.on('request', (request) => {
    inFlight.add(request);
    last = performance.now();
  });
  const end = (request) => {
    inFlight.delete(request);
    last = performance.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return async (ms = 500) => {
    // A request left open (a stream) would never end: 20 s at most.
    const deadline = performance.now() + 20_000;
    while ((inFlight.size > 0 || performance.now() - last < ms) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
}

/**
 * Script bytes of the login page as they cross the network, cache empty: as Chromium gets them,
 * and as a browser that accepts gzip only gets the same files; then what the form adds on its
 * first focus (its checks, with zod), which signing in needs.
 */
async function loginScripts(browser, baseUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const done = recordScripts(page);
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('button', { name: /se connecter/i }).waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = await done();
  const focused = recordScripts(page);
  const quiet = trackRequests(page);
  await page.getByLabel('Adresse e-mail').focus();
  await quiet(1000);
  const checks = await focused();
  await context.close();
  return { ...sizes, checks };
}

/**
 * The point of sale's own scripts: what going from the dashboard, once it has loaded all it
 * asks for, to the POS fetches.
 */
async function posScripts(browser, baseUrl, till) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await context.addInitScript((keys) => {
    for (const [k, v] of keys) localStorage.setItem(k, v);
  }, till);
  const page = await context.newPage();
  const quiet = trackRequests(page);
  await page.goto(`${baseUrl}/auth/login`);
  await signIn(page);
  const pos = page.getByRole('link', { name: 'POS', exact: true });
  await pos.waitFor();
  await quiet(1000);
  const done = recordScripts(page);
  await pos.click();
  await page.getByLabel('Rechercher ou scanner un produit').waitFor();
  await quiet(1000);
  const sizes = await done();
  await context.close();
  const route = sizes.urls.filter((u) => /\/assets\/PosRoute-[^/]+\.js$/.test(u));
  return { ...sizes, route: await sizesOf(route) };
}

async function signIn(page) {
  await page.getByLabel('Adresse e-mail').fill('gerant@comptoir.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('comptoir');
  await page.getByRole('button', { name: /se connecter/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}

/**
 * The till, set up once as a shop sets it up: the manager chooses this device's register and
 * opens its session. Returns the device's own keys (its id and its register: `comptoir.*` of
 * localStorage), which each measured phone starts with: a till that knows its register, with an
 * empty cache.
 */
async function setUpTill(browser, baseUrl) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await signIn(page);
  await page.goto(`${baseUrl}/pages/ventes`);
  const search = page.getByLabel('Rechercher ou scanner un produit');
  const choix = page.getByTestId('caisse-choix');
  const ouverture = page.getByTestId('caisse-ouverture');
  await search.or(choix).or(ouverture).waitFor();
  if (await choix.isVisible()) {
    await choix
      .getByRole('button', { name: /^Vendre sur/ })
      .first()
      .click();
    const confirmer = choix.getByRole('button', { name: 'Choisir quand même' });
    await search.or(ouverture).or(confirmer).waitFor();
    if (await confirmer.isVisible()) await confirmer.click();
    await search.or(ouverture).waitFor();
  }
  if (await ouverture.isVisible())
    await ouverture.getByRole('button', { name: 'Ouvrir la caisse' }).click();
  await search.waitFor();
  const keys = await page.evaluate(() =>
    Object.entries(localStorage).filter(([k]) => /^comptoir\.(appareil|caisse\.)/.test(k)),
  );
  await context.close();
  return keys;
}

/** One phone: cold login form, then sign-in → POS ready, then a reload of the POS (warm cache). */
async function onePhone(browser, baseUrl, till) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await context.addInitScript((keys) => {
    for (const [k, v] of keys) localStorage.setItem(k, v);
  }, till);
  const page = await slowPage(context);
  let t = performance.now();
  await page.goto(`${baseUrl}/auth/login`);
  const submit = page.getByRole('button', { name: /se connecter/i });
  await submit.waitFor();
  const form = performance.now() - t;
  t = performance.now();
  await signIn(page);
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
    const till = await setUpTill(browser, baseUrl);
    const pos = await posScripts(browser, baseUrl, till);
    for (let i = 0; i < RUNS; i++) runs.push(await onePhone(browser, baseUrl, till));
    const row = (label, key, target) => {
      const p = percentiles(runs.map((r) => r[key]));
      const flag = p.p50 < target ? `   (cible ${fmt(target)})` : `   ⚠ > ${fmt(target)}`;
      return `  ${label.padEnd(52)} p50 ${fmt(p.p50)}, max ${fmt(Math.max(...runs.map((r) => r[key])))}${flag}`;
    };
    const kio = (bytes) => `${(bytes / 1024).toFixed(1)} Kio`;
    const gzip = js.gzip / 1024;
    return [
      `  JavaScript de la page de connexion, octets envoyés à Chromium : ${kio(js.bytes)} en ${js.files} fichiers`,
      `  les mêmes fichiers envoyés à un navigateur qui n'accepte que gzip : ${gzip.toFixed(1)} Kio${gzip <= 150 ? '   (cible 150 Kio)' : '   ⚠ > 150 Kio'}`,
      `  contrôles du formulaire, chargés au premier focus : ${kio(js.checks.gzip)} en gzip (${kio(js.checks.brotli)} en brotli) en ${js.checks.files} fichiers ; pour se connecter, ${kio(js.gzip + js.checks.gzip)} en gzip`,
      `  JavaScript propre à la caisse (du tableau de bord à la caisse) : ${kio(pos.bytes)} envoyés à Chromium en ${pos.files} fichiers, ${kio(pos.gzip)} en gzip`,
      `  dont le morceau de la route de caisse (PosRoute) : ${kio(pos.route.gzip)} en gzip, ${kio(pos.route.brotli)} en brotli${pos.route.files === 1 ? '' : ` ⚠ ${pos.route.files} fichiers trouvés`}`,
      `  Lien lent (1,6 Mbit/s, 150 ms), ${RUNS} téléphones :`,
      row('    formulaire de connexion utilisable (cache vide)', 'form', 3000),
      row('    « Se connecter » → caisse prête à scanner (cache vide)', 'posCold', 6000),
      row('    caisse rechargée → prête à scanner (cache chaud)', 'posWarm', 1500),
    ].join('\n');
  } finally {
    await browser.close();
  }
}
