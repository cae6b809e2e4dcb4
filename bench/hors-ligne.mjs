/* global window, document, indexedDB, MutationObserver, requestAnimationFrame -- code run inside Chromium */
// The counter without the network (issue 16), in Debian's Chromium against the built app. A bench
// shop of 100,000 products (BENCH_HL_PRODUITS for a quick run) built through the API as an owner
// builds it (new shop, product import, a register opened); then, on a fresh device:
// 1. the first catalogue download into IndexedDB: time from the first catalogue request to
//    « Catalogue : hh:mm » on the POS, and bytes on the wire (target: under 10 s on loopback);
// 2. offline, barcodes scanned into the search field: Enter → the line on screen (next frame after
//    the DOM change, performance.now in the page; target p95 under 30 ms), and references typed
//    then Enter; each cart of two lines is paid cash, so BENCH_HL_VENTES sales (500) wait;
// 3. back online, the sync of those sales: first POST …/synchro to the end of the last one;
// 4. 100 price changes through the API, then a refresh: its time (first catalogue request to
//    « En ligne ») and the items it brought (target: under 300 ms).
import { chromium } from '@playwright/test';
import { fmt, percentiles } from './server.mjs';
import { ARGS, api, ean13, session, signInPage } from './ventes.mjs';
import { deltaApresPrix, venteHorsLigne } from './hors-ligne-page.mjs';

const PRODUCTS = Number(process.env.BENCH_HL_PRODUITS ?? 100_000);
const VENTES = Number(process.env.BENCH_HL_VENTES ?? 500);
const REFERENCES = 30;
const code = (i) => ean13(`28${String(i).padStart(10, '0')}`);
const reference = (i) => `HL-${String(i).padStart(6, '0')}`;

/** The bench shop, its register with an open session, and 100,000 imported products. */
async function seed(baseUrl, s) {
  const shop = await api(baseUrl, s, 'POST', '/api/services', {
    nom: `Banc hors ligne ${Date.now()}`,
    ville: 'Abidjan',
    pays: 'CI',
    telephone: '+225 27 20 00 00 00',
    devise: 'XOF',
    assujettiTva: true,
    tauxTvaDefaut: 1800,
  });
  const base = `/api/services/${shop.id}`;
  const lignes = Array.from({ length: PRODUCTS }, (_, i) => ({
    nom: `Article hors ligne ${i}`,
    reference: reference(i),
    codeBarres: code(i),
    unite: 'pce',
    prixAchat: 100 + (i % 900),
    prixVente: 150 + (i % 4000),
    prixGros: 140 + (i % 3900),
    tauxTva: 1800,
    stockInitial: 1_000_000,
  }));
  const t0 = performance.now();
  await api(baseUrl, s, 'POST', `${base}/produits/import`, { lignes });
  const importMs = performance.now() - t0;
  const caisse = await api(baseUrl, s, 'POST', `${base}/caisses`, { nom: 'Caisse du banc' });
  await api(baseUrl, s, 'POST', `${base}/caisses/${caisse.id}/sessions`, { fond: 0 });
  return { shop: shop.id, shopNom: shop.nom, caisse: caisse.id, base, importMs };
}

/** Every finished request of the page, with its times (epoch ms) and bytes on the wire. */
function network(page) {
  const log = [];
  page.on('requestfinished', async (request) => {
    const timing = request.timing();
    const sizes = await request.sizes().catch(() => null);
    const response = await request.response();
    let items = null;
    if (request.url().includes('/catalogue/'))
      items = (await response?.json().catch(() => null))?.items?.length ?? null;
    log.push({
      url: request.url(),
      method: request.method(),
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
      // Request sent → first byte (the server's time), first byte → last (the transfer).
      serveur: timing.responseStart - timing.requestStart,
      transfert: timing.responseEnd - timing.responseStart,
      bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
      items,
    });
  });
  return log;
}

/** Records in the page the POS's network state (epoch ms) and every Enter → new line. */
function recorder() {
  const w = window;
  w.__etats = [];
  w.__scans = [];
  w.__start = 0;
  performance.setResourceTimingBufferSize(100_000);
  const epoch = () => performance.timeOrigin + performance.now();
  document.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter' && e.target?.id === 'pos-search') w.__start = performance.now();
    },
    true,
  );
  let count = 0;
  let etat = '';
  new MutationObserver(() => {
    const n = document.querySelectorAll('[data-testid="pos-line"]').length;
    if (n > count && w.__start) {
      const start = w.__start;
      const kind = w.__kind;
      w.__start = 0;
      requestAnimationFrame(() => w.__scans.push({ kind, ms: performance.now() - start }));
    }
    count = n;
    const text = document.querySelector('[data-testid="etat-reseau"]')?.textContent ?? '';
    if (text !== etat) {
      etat = text;
      w.__etats.push({ at: epoch(), text });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const etats = (page) => page.evaluate(() => window.__etats);
const idbCount = (page, shop) =>
  page.evaluate(
    (shop) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open(`comptoir-boutique-${shop}`);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const count = req.result.transaction('produits').objectStore('produits').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
    shop,
  );

const kio = (bytes) =>
  `${(bytes / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 0 })} Kio`;
const ms = (v) => `${Math.round(v).toLocaleString('fr-FR')} ms`;
const flag = (value, target) => (value < target ? '' : `   ⚠ > ${target} ms`);

/** Prints each figure once measured (a later step that fails keeps the earlier ones). */
const out = { push: (line) => console.log(line) };

export async function benchHorsLigne(baseUrl) {
  let s = await session(baseUrl);
  const seeded = await seed(baseUrl, s);
  out.push(
    `  Hors ligne, ${PRODUCTS.toLocaleString('fr-FR')} produits importés en ${ms(seeded.importMs)} :`,
  );
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await signInPage(page, baseUrl);
    await page.evaluate(({ shop, shopNom, caisse }) => {
      localStorage.setItem('service', JSON.stringify({ id: shop, nom: shopNom }));
      localStorage.setItem(`comptoir.caisse.${shop}`, String(caisse));
    }, seeded);
    await page.addInitScript(recorder);
    const log = network(page);
    await page.goto(`${baseUrl}/pages/ventes`);
    const search = page.getByLabel('Rechercher ou scanner un produit');
    await search.waitFor();
    const etat = page.getByTestId('etat-reseau');

    // 1. First download: the first catalogue request → « Catalogue : hh:mm » on the screen.
    await etat.getByText(/Catalogue : \d{2}:\d{2}/).waitFor({ timeout: 600_000 });
    const first = log.filter((r) => r.url.includes('/catalogue/'));
    const shown = (await etats(page)).find((e) => e.text.includes('Catalogue :')).at;
    const stored = await idbCount(page, seeded.shop);
    const bytes = first.reduce((a, r) => a + r.bytes, 0);
    const downloadMs = shown - first[0].start;
    out.push(
      `    premier chargement du catalogue : ${ms(downloadMs)}, ${kio(bytes)} reçus en ${first.length} requêtes, ${stored.toLocaleString('fr-FR')} produits dans IndexedDB${flag(downloadMs, 10_000)}`,
    );
    // Where that time goes: the server's time and the transfers, summed over the requests, and
    // the rest (JSON read and IndexedDB writes on the device, while no request is under way).
    const sum = (f) => first.reduce((a, r) => a + f(r), 0);
    const busy = first
      .map((r) => [r.start, r.end])
      .sort((a, b) => a[0] - b[0])
      .reduce((acc, [a, b]) => {
        const last = acc.at(-1);
        if (last && a <= last[1]) last[1] = Math.max(last[1], b);
        else acc.push([a, b]);
        return acc;
      }, [])
      .reduce((a, [x, y]) => a + (y - x), 0);
    out.push(
      `      dont serveur (envoi → premier octet) ${ms(sum((r) => r.serveur))}, transfert ${ms(sum((r) => r.transfert))}, appareil seul (aucune requête en cours) ${ms(downloadMs - busy)}`,
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // 2. Offline: scans and sales queued.
    await context.setOffline(true);
    await etat.getByText('Hors ligne').waitFor();
    let k = 0;
    const next = () => (k++ * 7919 + 101) % PRODUCTS;
    for (let v = 0; v < VENTES; v++) {
      const lines = [
        { kind: 'code', text: code(next()) },
        v < REFERENCES
          ? { kind: 'reference', text: reference(next()) }
          : { kind: 'code', text: code(next()) },
      ];
      await venteHorsLigne(page, search, lines);
    }
    await etat.getByText(`${VENTES} ventes en attente`).waitFor();
    const scans = await page.evaluate(() => window.__scans);
    for (const [kind, label] of [
      ['code', 'code-barres scanné → ligne à l’écran'],
      ['reference', 'référence tapée puis Entrée → ligne à l’écran'],
    ]) {
      const p = percentiles(scans.filter((x) => x.kind === kind).map((x) => x.ms));
      out.push(
        `    hors ligne, ${label} : p50 ${fmt(p.p50)}, p95 ${fmt(p.p95)} (n=${p.n})${flag(p.p95, 30)}`,
      );
    }

    // What the page holds in memory then (the scan's barcodes among it: hors-ligne/codes-memoire.ts).
    const cdp = await context.newCDPSession(page);
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    out.push(`    mémoire JavaScript de la caisse : ${(usedSize / 1048576).toFixed(0)} Mio`);

    // 3. Back online: the queued sales are sent, 50 at a time. (The bench's own API session,
    // older than an access token's life by now, is opened again.)
    s = await session(baseUrl);
    const mark = Date.now();
    await context.setOffline(false);
    await etat.getByText('Aucune vente en attente').waitFor({ timeout: 600_000 });
    const posts = log.filter((r) => r.method === 'POST' && r.url.endsWith('/synchro'));
    const serie = await api(baseUrl, s, 'GET', `${seeded.base}/caisses/${seeded.caisse}/synchro`);
    const syncMs = posts.at(-1).end - posts[0].start;
    out.push(
      `    synchronisation de ${VENTES} ventes en attente : ${ms(syncMs)} en ${posts.length} envois (${ms(syncMs / VENTES)} par vente) ; dernier numéro de la série sur le serveur : ${serie.dernier}`,
    );
    if (posts[0].start < mark)
      throw new Error('synchronisation commencée avant le retour en ligne');

    // 4. 100 price changes, then a refresh.
    s = await session(baseUrl);
    return await deltaApresPrix(page, context, { baseUrl, s, seeded, log, etats });
  } catch (error) {
    if (process.env.BENCH_HL_CAPTURE)
      await browser.contexts()[0]?.pages()[0]?.screenshot({ path: process.env.BENCH_HL_CAPTURE });
    throw error;
  } finally {
    await browser.close();
  }
}
