// Catalogue at the scale of a wholesaler: 100,000 products imported through the API into the demo
// owner's first shop (as a shop does it: no direct insert, no manual ANALYZE), then the product
// list, text searches, reference and barcode lookups timed over HTTP. Targets (issue 18): p95
// under 10 ms on SQLite, 15 ms on PostgreSQL. Local round trips: an upper bound of the server time.
import { fmt } from './server.mjs';
import { signIn, timeGets } from './accounts.mjs';

const PRODUCTS = 100_000;
const WORDS = [
  'Café',
  'Thé',
  'Riz',
  'Huile',
  'Sucre',
  'Lait',
  'Savon',
  'Farine',
  'Biscuit',
  'Sardines',
  'Crème',
  'Pâtes',
  'Eau',
  'Jus',
  'Bière',
  'Œufs',
  'Sel',
  'Poivre',
  'Beurre',
  'Chocolat',
];
const QUALIFS = [
  'moulu',
  'vert',
  'parfumé',
  'raffiné',
  'en poudre',
  'entier',
  'de Marseille',
  'complète',
  'sec',
  'à l’huile',
  'fraîche',
  'fines',
  'minérale',
  'de bissap',
  'blonde',
  'frais',
  'fin',
  'noir',
  'doux',
  'noir 70 %',
];

function ean13(body12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

/** Headers of a signed-in write: bearer token and the anti-forgery pair. */
async function writeHeaders(baseUrl, token) {
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0].split(';')[0];
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    cookie,
    'x-xsrf-token': cookie.split('=')[1],
  };
}

async function getJson(baseUrl, token, path) {
  const r = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (r.status !== 200) throw new Error(`${path} ${r.status} ${await r.text()}`);
  return r.json();
}

/**
 * The catalogue built as a shop builds it: one POST …/produits/import of 100,000 rows (40
 * categories and 200 brands created by the import) into the demo owner's first shop. Nothing else
 * touches the database: no direct insert, no manual ANALYZE (the server keeps its statistics).
 */
async function importCatalogue(baseUrl, token) {
  const shops = (await getJson(baseUrl, token, '/api/services?size=50')).items;
  const shop = Math.min(...shops.map((s) => s.id));
  const lignes = Array.from({ length: PRODUCTS }, (_, i) => ({
    nom: `${WORDS[i % WORDS.length]} ${QUALIFS[(i * 7) % QUALIFS.length]} ${i}`,
    reference: `REF-${String(i).padStart(6, '0')}`,
    codeBarres: ean13(`29${String(i).padStart(10, '0')}`),
    categorie: `Rayon ${i % 40}`,
    marque: `Marque ${i % 200}`,
    unite: 'pce',
    prixAchat: 100 + (i % 5000),
    prixVente: 150 + (i % 7000),
    tauxTva: 1800,
    seuilAlerte: 5000,
    stockInitial: (i % 50) * 1000,
  }));
  const t0 = performance.now();
  const r = await fetch(`${baseUrl}/api/services/${shop}/produits/import`, {
    method: 'POST',
    headers: await writeHeaders(baseUrl, token),
    body: JSON.stringify({ lignes }),
  });
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`import ${r.status} ${await r.text()}`);
  const categories = await getJson(
    baseUrl,
    token,
    `/api/services/${shop}/categories?size=100&q=Rayon%203`,
  );
  const categorie = categories.items.find((c) => c.nom === 'Rayon 3').id;
  return { ms, shop, categorie };
}

export async function benchCatalogue(baseUrl, databaseUrl) {
  const owner = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const seeded = await importCatalogue(baseUrl, owner);
  // Targets (issue 18): p95 under 10 ms on SQLite, under 15 ms on PostgreSQL.
  const target = databaseUrl.startsWith('sqlite:') ? 10 : 15;
  const base = `/api/services/${seeded.shop}/produits`;
  const cases = [
    ['liste p.1 (nom)', `${base}?page=1&size=8&sort=nom,asc`],
    ['liste p.1000 (nom)', `${base}?page=1000&size=8&sort=nom,asc`],
    ['liste p.1 (prix de vente desc)', `${base}?page=1&size=8&sort=prix_vente,desc`],
    ['liste d’une catégorie', `${base}?size=8&categorieId=${seeded.categorie}`],
    ['liste sous le seuil', `${base}?size=8&stock=sous_seuil`],
    ['recherche « cafe moulu »', `${base}?size=8&q=cafe%20moulu`],
    ['recherche « CRÈME »', `${base}?size=8&q=CR%C3%88ME`],
    ['recherche par référence', `${base}?size=8&q=REF-054321`],
    ['code-barres exact', `${base}/code-barres/${ean13('290000054321')}`],
  ];
  const flag = seeded.ms < 15_000 ? '' : '   ⚠ > 15 s';
  const lines = [
    `  ${'POST produits/import (100 000 lignes)'.padEnd(44)} ${fmt(seeded.ms)}${flag}`,
  ];
  for (const [label, path] of cases) {
    const p = await timeGets(baseUrl, owner, path);
    const flag = p.p95 < target ? `   (cible ${target} ms)` : `   ⚠ > ${target} ms`;
    lines.push(
      `  ${`GET produits : ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}${p.total === undefined ? '' : `, total ${p.total}`})${flag}`,
    );
  }
  return lines.join('\n');
}
