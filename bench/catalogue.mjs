// Catalogue at the scale of a wholesaler: 100,000 products in the demo owner's first shop, written
// straight into the database (batch inserts), then the product list, a text search and a barcode
// lookup timed over HTTP. Target: p95 under 20 ms. The figures are local round trips, an upper
// bound of the server time.
import { fmt } from './server.mjs';
import { inBatches, openWriter, signIn, timeGets } from './accounts.mjs';

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

/** Same key as packages/shared/src/search.ts (kept in step by the API tests of the search). */
const searchKey = (t) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

function ean13(body12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

async function seed(databaseUrl) {
  const w = await openWriter(databaseUrl);
  const t0 = performance.now();
  const now = new Date().toISOString();
  const shop = (
    await w.ids(
      "select services.id as id from services join users on users.id = services.owner_id where users.email = 'proprietaire@comptoir.test' order by services.id",
    )
  )[0];
  const unite = (await w.ids("select id from unites where nom = 'pièce'"))[0];
  await w.insert(
    'categories',
    Array.from({ length: 40 }, (_, i) => ({
      service_id: shop,
      nom: `Rayon ${i}`,
      nom_cle: `rayon ${i}`,
      created_at: now,
    })),
  );
  const categories = await w.ids(
    `select id from categories where service_id = ${shop} and nom like 'Rayon %' order by id`,
  );
  await w.insert(
    'marques',
    Array.from({ length: 200 }, (_, i) => ({
      service_id: shop,
      nom: `Marque ${i}`,
      nom_cle: `marque ${i}`,
      created_at: now,
    })),
  );
  const marques = await w.ids(
    `select id from marques where service_id = ${shop} and nom like 'Marque %' order by id`,
  );
  const products = Array.from({ length: PRODUCTS }, (_, i) => {
    const nom = `${WORDS[i % WORDS.length]} ${QUALIFS[(i * 7) % QUALIFS.length]} ${i}`;
    return {
      service_id: shop,
      nom,
      nom_recherche: searchKey(nom),
      reference: `REF-${String(i).padStart(6, '0')}`,
      code_barres: ean13(`29${String(i).padStart(10, '0')}`),
      categorie_id: categories[i % categories.length],
      marque_id: marques[i % marques.length],
      unite_id: unite,
      prix_achat: 100 + (i % 5000),
      prix_vente: 150 + (i % 7000),
      prix_gros: null,
      taux_tva: 1800,
      seuil_alerte: 5000,
      quantite: (i % 50) * 1000,
      image_file_id: null,
      description: null,
      actif: i % 40 === 0 ? 0 : 1,
      created_at: now,
      updated_at: now,
    };
  });
  await inBatches(products, 500, (rows) => w.insert('produits', rows));
  // What autovacuum does on a live server: statistics and the visibility map (index-only counts).
  await w.run(databaseUrl.startsWith('sqlite:') ? 'analyze' : 'vacuum analyze produits');
  await w.close();
  return { ms: performance.now() - t0, shop, categorie: categories[3] };
}

/** POST …/produits/import of 100,000 mapped rows into the demo owner's second shop (all or nothing). */
async function benchImport(baseUrl, databaseUrl, token) {
  const w = await openWriter(databaseUrl);
  const shop = (
    await w.ids(
      "select services.id as id from services join users on users.id = services.owner_id where users.email = 'proprietaire@comptoir.test' order by services.id",
    )
  )[1];
  await w.close();
  const lignes = Array.from({ length: PRODUCTS }, (_, i) => ({
    nom: `${WORDS[i % WORDS.length]} importé ${i}`,
    reference: `IMP-${i}`,
    codeBarres: ean13(`28${String(i).padStart(10, '0')}`),
    categorie: `Rayon ${i % 30}`,
    unite: 'pce',
    prixAchat: 100 + (i % 900),
    prixVente: 200 + (i % 900),
    stockInitial: (i % 20) * 1000,
  }));
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0].split(';')[0];
  const t0 = performance.now();
  const r = await fetch(`${baseUrl}/api/services/${shop}/produits/import`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      cookie,
      'x-xsrf-token': cookie.split('=')[1],
    },
    body: JSON.stringify({ lignes }),
  });
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`import ${r.status} ${await r.text()}`);
  const flag = ms < 15_000 ? '' : '   ⚠ > 15 s';
  return `  ${'POST produits/import (100 000 lignes)'.padEnd(44)} ${fmt(ms)}${flag}`;
}

export async function benchCatalogue(baseUrl, databaseUrl) {
  const seeded = await seed(databaseUrl);
  const owner = await signIn(baseUrl, 'proprietaire@comptoir.test');
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
  const lines = [`  ${PRODUCTS} produits insérés en ${fmt(seeded.ms)}`];
  for (const [label, path] of cases) {
    const p = await timeGets(baseUrl, owner, path);
    const flag = p.p95 < 20 ? '' : '   ⚠ > 20 ms';
    lines.push(
      `  ${`GET produits : ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}${p.total === undefined ? '' : `, total ${p.total}`})${flag}`,
    );
  }
  lines.push(await benchImport(baseUrl, databaseUrl, owner));
  return lines.join('\n');
}
