/* global window, document, MutationObserver, requestAnimationFrame -- code run inside Chromium by page.evaluate */
// Selling at the counter. A bench shop of 50,000 products, built through the API as an owner
// builds it (new shop, product import; no direct insert, no manual ANALYZE), then:
// 1. checkout throughput and p50/p99 latency of 5-line cash sales over HTTP at 1, 10 and 50
//    concurrent terminals (each a register with its open session, selling as the POS does: the
//    sale takes the register's series), next to the same transaction run in-process on the database
//    (bench/ventes-direct.ts: no HTTP, no authentication, no validation) — the ratio is the cost
//    of our layers;
// 2. in Chromium (SQLite run only), the time from a scanned barcode's Enter to its line on the
//    point-of-sale screen. Target: p95 under 50 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { fmt, percentiles } from './server.mjs';
import { rapportVentes } from './ventes-cibles.mjs';
import { signIn } from './accounts.mjs';
import { terminal } from './http-client.mjs';
import { suiviPg } from './pg-wal.mjs';
import { ouvrirCaisses, prendreCaisse } from './caisses.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PRODUCTS = 50_000;
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10,50').split(',').map(Number);
const PER_LEVEL = Number(process.env.BENCH_VENTES ?? 500);
export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const BENCH_EMAIL = 'proprietaire@comptoir.test';

export function ean13(body12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

/** A signed-in JSON call of the API (bearer token, anti-forgery pair on writes). */
export async function api(baseUrl, s, method, url, body) {
  const r = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${s.token}`,
      ...(method === 'GET' ? {} : { cookie: s.cookie, 'x-xsrf-token': s.xsrf }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (r.status >= 300) throw new Error(`${method} ${url} ${r.status} ${await r.text()}`);
  return r.json();
}

/** A new shop of the signed-in owner, in Dakar (FCFA, VAT 18 %). */
export function nouvelleBoutique(baseUrl, s, nom) {
  return api(baseUrl, s, 'POST', '/api/services', {
    nom,
    ville: 'Dakar',
    pays: 'SN',
    telephone: '+221 33 800 00 00',
    devise: 'XOF',
    assujettiTva: true,
    tauxTvaDefaut: 1800,
  });
}

/**
 * The bench shop built as an owner builds it, through the API only: the demo owner opens a shop
 * « Banc de caisse » (FCFA) and imports 50,000 products with a deep opening stock; the owner
 * sells (an owner works the till as a manager does). No direct insert, no manual ANALYZE.
 */
async function seed(baseUrl, s) {
  const shop = await nouvelleBoutique(baseUrl, s, `Banc de caisse ${Date.now()}`);
  const lignes = Array.from({ length: PRODUCTS }, (_, i) => ({
    nom: `Article de caisse ${i}`,
    reference: `CAI-${i}`,
    codeBarres: ean13(`27${String(i).padStart(10, '0')}`),
    unite: 'pce',
    prixAchat: 100 + (i % 900),
    prixVente: 150 + (i % 4000),
    tauxTva: 1800,
    stockInitial: 10_000_000,
  }));
  await api(baseUrl, s, 'POST', `/api/services/${shop.id}/produits/import`, { lignes });
  const produits = [];
  for (let page = 1; produits.length < PRODUCTS; page++) {
    const { items } = await api(
      baseUrl,
      s,
      'GET',
      `/api/services/${shop.id}/produits?page=${page}&size=200&sort=reference,asc`,
    );
    if (items.length === 0) break;
    for (const p of items) produits.push({ id: p.id, prix: p.prixVente, code: p.codeBarres });
  }
  const account = await api(baseUrl, s, 'GET', '/api/account');
  const types = await api(baseUrl, s, 'GET', '/api/types-ventes?size=50');
  const detail = types.items.find((t) => t.prixUtilise === 'detail') ?? types.items[0];
  const caisses = await ouvrirCaisses(baseUrl, s, shop.id, Math.max(...LEVELS));
  return {
    shop: shop.id,
    shopNom: shop.nom,
    user: account.id,
    typeVente: detail.id,
    produits,
    caisses,
  };
}

export async function session(baseUrl, email = BENCH_EMAIL) {
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0].split(';')[0];
  const token = await signIn(baseUrl, email);
  return { cookie, xsrf: cookie.split('=')[1], token };
}

let seq = 0;
/** A 5-line cash sale made at the POS of register `caisseId`: it takes the register's series. */
function sale(produits, typeVenteId, caisseId) {
  const lignes = Array.from(
    { length: 5 },
    () => produits[Math.floor(Math.random() * produits.length)],
  );
  const total = lignes.reduce((a, p) => a + p.prix, 0);
  return {
    cleIdempotence: `http-${process.pid}-${seq++}`,
    typeVenteId,
    lignes: lignes.map((p) => ({ produitId: p.id, quantite: 1000 })),
    paiements: [{ mode: 'especes', montant: total, recu: Math.ceil(total / 500) * 500 }],
    caisseId,
    auPointDeVente: true,
  };
}

/** `suivi`: PostgreSQL's log and waits around each level (bench/pg-wal.mjs), or null on SQLite. */
async function overHttp(baseUrl, s, seeded, cpuMs, suivi) {
  const { shop, produits, typeVente, caisses } = seeded;
  const out = [];
  for (const terminals of LEVELS) {
    const latencies = [];
    const perTerminal = Math.ceil(PER_LEVEL / terminals);
    // A till keeps its connection open all day: each terminal opens its own before the clock starts.
    const tills = Array.from({ length: terminals }, () => terminal());
    await Promise.all(
      tills.map((t) =>
        t.request(`${baseUrl}/api/account`, { headers: { authorization: `Bearer ${s.token}` } }),
      ),
    );
    const suivi0 = await suivi?.debut();
    const cpu0 = cpuMs();
    const t0 = performance.now();
    await Promise.all(
      tills.map(async (t, k) => {
        for (let i = 0; i < perTerminal; i++) {
          const body = JSON.stringify(sale(produits, typeVente, caisses[k]));
          const start = performance.now();
          const r = await t.request(`${baseUrl}/api/services/${shop}/ventes`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${s.token}`,
              cookie: s.cookie,
              'x-xsrf-token': s.xsrf,
            },
            body,
          });
          if (r.status !== 201) throw new Error(`vente ${r.status} ${r.body}`);
          latencies.push(performance.now() - start);
        }
      }),
    );
    const ms = performance.now() - t0;
    const cpu = cpu0 === null ? null : cpuMs() - cpu0;
    for (const t of tills) t.close();
    const pg = suivi0 && (await suivi.fin(suivi0, latencies.length));
    out.push({ terminals, sales: latencies.length, ms, latencies, cpu, ...pg });
  }
  return out;
}

function direct(databaseUrl, seeded) {
  const args = JSON.stringify({
    shop: seeded.shop,
    user: seeded.user,
    typeVente: seeded.typeVente,
    produits: seeded.produits.map(({ id, prix }) => ({ id, prix })),
    caisses: seeded.caisses,
    levels: LEVELS,
    perLevel: PER_LEVEL,
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'comptoir-ventes-'));
  const argsFile = path.join(dir, 'args.json');
  writeFileSync(argsFile, args);
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'bench/ventes-direct.ts')],
      {
        cwd: root,
        env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_ARGS_FILE: argsFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code === 0) resolve(JSON.parse(text.trim().split('\n').pop()));
      else reject(new Error(`ventes-direct ${code}`));
    });
  });
}

/** The bench owner signs in on the login page of the browser. */
export async function signInPage(page, baseUrl) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Adresse e-mail').fill(BENCH_EMAIL);
  await page.getByLabel('Mot de passe', { exact: true }).fill('comptoir');
  await page.getByRole('button', { name: /se connecter/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}

/** Chromium: Enter of a scanned barcode → its line in the cart (next frame after the DOM change). */
async function scanToLine(baseUrl, seeded) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await signInPage(page, baseUrl);
    // The owner switches to the bench shop, as with the shop switcher of the top bar.
    await page.evaluate((shop) => localStorage.setItem('service', JSON.stringify(shop)), {
      id: seeded.shop,
      nom: seeded.shopNom,
    });
    await page.goto(`${baseUrl}/pages/ventes`);
    const search = page.getByLabel('Rechercher ou scanner un produit');
    await prendreCaisse(page, search);
    await page.evaluate(() => {
      const w = window;
      w.__scans = [];
      w.__start = 0;
      document.addEventListener(
        'keydown',
        (e) => {
          if (e.key === 'Enter') w.__start = performance.now();
        },
        true,
      );
      let count = document.querySelectorAll('[data-testid="pos-line"]').length;
      new MutationObserver(() => {
        const n = document.querySelectorAll('[data-testid="pos-line"]').length;
        if (n !== count && w.__start) {
          count = n;
          const start = w.__start;
          w.__start = 0;
          requestAnimationFrame(() => w.__scans.push(performance.now() - start));
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const SCANS = 60;
    const WARM_UP = 5;
    const scan = async (i, expected) => {
      const p = seeded.produits[(i * 7919) % seeded.produits.length];
      // A scanner types fast: a few ms between keys, then Enter.
      await search.pressSequentially(p.code, { delay: 2 });
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => window.__scans.length >= n, expected);
    };
    for (let i = 0; i < WARM_UP; i++) await scan(i, i + 1);
    await page.evaluate(() => {
      window.__scans.length = 0;
    });
    for (let i = 0; i < SCANS; i++) await scan(WARM_UP + i, i + 1);
    const samples = await page.evaluate(() => window.__scans);
    const p = percentiles(samples);
    const flag = p.p95 < 50 ? '' : '   ⚠ > 50 ms';
    return `  Chromium, code-barres scanné → ligne à l’écran (${PRODUCTS.toLocaleString('fr-FR')} produits) : p50 ${fmt(p.p50)}, p95 ${fmt(p.p95)} (n=${p.n})${flag}`;
  } finally {
    await browser.close();
  }
}

/** `cpuMs`: the server process's processor time so far (bench/server.mjs), or null. */
export async function benchVentes(baseUrl, databaseUrl, withBrowser, cpuMs = () => null) {
  const pgsql = !databaseUrl.startsWith('sqlite:');
  const s = await session(baseUrl);
  const seeded = await seed(baseUrl, s);
  const http = await overHttp(baseUrl, s, seeded, cpuMs, pgsql ? suiviPg(databaseUrl) : null);
  const inProcess = await direct(databaseUrl, seeded);
  const out = rapportVentes(http, inProcess, LEVELS, PER_LEVEL, pgsql);
  if (withBrowser) out.push(await scanToLine(baseUrl, seeded));
  return out.join('\n');
}
