// Reports at the scale of a busy shop, built through the API only: the demo owner opens a shop,
// imports BENCH_RAPPORTS_PRODUITS products (50,000 by default) and sells 10-line cash sales over
// HTTP, 16 at a time, until BENCH_RAPPORTS_LIGNES sale lines (1,000,000) are written or
// BENCH_RAPPORTS_SECONDES (600) have passed — the count reached is printed, nothing extrapolated.
// The API dates a sale at the server's clock: every sale of this bench is of today. Then, timed
// over HTTP: the dashboard (30 days, one year), « Toutes mes boutiques », the product report over
// one year (default sort, by margin, a deep page).
import { signIn, timeGets } from './accounts.mjs';
import { fmt } from './server.mjs';

const PRODUCTS = Number(process.env.BENCH_RAPPORTS_PRODUITS ?? 50_000);
const LINES = Number(process.env.BENCH_RAPPORTS_LIGNES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_RAPPORTS_SECONDES ?? 600);
const PER_SALE = 10;
const PARALLEL = 16;
const EMAIL = 'proprietaire@comptoir.test';

async function session(baseUrl) {
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0].split(';')[0];
  return { cookie, xsrf: cookie.split('=')[1], token: await signIn(baseUrl, EMAIL) };
}

async function api(baseUrl, s, method, url, body) {
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

async function seed(baseUrl, s) {
  const shop = await api(baseUrl, s, 'POST', '/api/services', {
    nom: `Banc des rapports ${Date.now()}`,
    ville: 'Dakar',
    pays: 'SN',
    telephone: '+221 33 800 00 01',
    devise: 'XOF',
    assujettiTva: true,
    tauxTvaDefaut: 1800,
  });
  const categories = [];
  for (let c = 0; c < 20; c++)
    categories.push(
      await api(baseUrl, s, 'POST', `/api/services/${shop.id}/categories`, {
        nom: `Rayon ${c}`,
      }),
    );
  const lignes = Array.from({ length: PRODUCTS }, (_, i) => ({
    nom: `Article du rapport ${i}`,
    reference: `RAP-${i}`,
    categorie: categories[i % categories.length].nom,
    unite: 'pce',
    prixAchat: 100 + (i % 900),
    prixVente: 150 + (i % 4000),
    tauxTva: 1800,
    stockInitial: 100_000_000,
  }));
  for (let i = 0; i < lignes.length; i += 10_000)
    await api(baseUrl, s, 'POST', `/api/services/${shop.id}/produits/import`, {
      lignes: lignes.slice(i, i + 10_000),
    });
  const ids = [];
  for (let page = 1; ids.length < PRODUCTS; page++) {
    const { items } = await api(
      baseUrl,
      s,
      'GET',
      `/api/services/${shop.id}/produits?page=${page}&size=200&sort=reference,asc`,
    );
    if (!items.length) break;
    for (const p of items) ids.push({ id: p.id, prix: p.prixVente });
  }
  const types = await api(baseUrl, s, 'GET', '/api/types-ventes?size=50');
  return { shop: shop.id, produits: ids, typeVente: types.items[0].id };
}

/** Sells until LINES lines or SECONDS seconds; the lines written and the time taken. */
async function sell(baseUrl, s, seeded) {
  const t0 = performance.now();
  let sales = 0;
  let seq = 0;
  const worker = async () => {
    while (sales * PER_SALE < LINES && performance.now() - t0 < SECONDS * 1000) {
      const lignes = Array.from(
        { length: PER_SALE },
        () => seeded.produits[Math.floor(Math.random() * seeded.produits.length)],
      );
      const total = Math.round(lignes.reduce((a, p) => a + p.prix, 0));
      await api(baseUrl, s, 'POST', `/api/services/${seeded.shop}/ventes`, {
        cleIdempotence: `rapports-${process.pid}-${seq++}`,
        typeVenteId: seeded.typeVente,
        lignes: lignes.map((p) => ({ produitId: p.id, quantite: 1000 })),
        paiements: [{ mode: 'especes', montant: total }],
      });
      sales += 1;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { lines: sales * PER_SALE, sales, ms: performance.now() - t0 };
}

export async function benchRapports(baseUrl) {
  const s = await session(baseUrl);
  const seeded = await seed(baseUrl, s);
  const sold = await sell(baseUrl, s, seeded);
  const token = await signIn(baseUrl, EMAIL);
  const year = (() => {
    const au = new Date().toISOString().slice(0, 10);
    const du = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    return `du=${du}&au=${au}`;
  })();
  const base = `/api/services/${seeded.shop}`;
  const cases = [
    ['tableau, 30 jours', `${base}/tableau?periode=30j`],
    ['tableau, un an', `${base}/tableau?periode=personnalisee&${year}`],
    ['toutes mes boutiques, 30 jours', '/api/tableau?periode=30j'],
    ['rapport produits, un an, p.1', `${base}/rapports/produits?${year}&size=16`],
    ['rapport produits, un an, par marge', `${base}/rapports/produits?${year}&sort=marge,desc`],
    ['rapport produits, un an, p.500', `${base}/rapports/produits?${year}&page=500&size=16`],
  ];
  const lines = [
    `  ${`ventes de ${PER_SALE} lignes par HTTP (${PARALLEL} à la fois)`.padEnd(44)} ${sold.sales} ventes, ${sold.lines} lignes en ${fmt(sold.ms)} (${Math.round(sold.lines / (sold.ms / 1000))} lignes/s), ${seeded.produits.length} produits`,
  ];
  for (const [label, path] of cases) {
    const p = await timeGets(baseUrl, token, path, 30);
    lines.push(
      `  ${`GET ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n})`,
    );
  }
  return lines.join('\n');
}
