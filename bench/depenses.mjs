// Expenses at the scale of a busy shop: 100,000 expenses recorded through the API (POST …/depenses,
// as a shop records them, 16 at a time) into the demo owner's first shop, then the expenses list
// with its totals (per category and for the period) timed over HTTP: whole history, a month, a
// category, a deep page. Local round trips: an upper bound of the server time.
import { signIn, timeGets } from './accounts.mjs';
import { fmt } from './server.mjs';

const EXPENSES = Number(process.env.BENCH_DEPENSES ?? 100_000);
const PARALLEL = 16;

export async function writeHeaders(baseUrl, token) {
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0].split(';')[0];
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    cookie,
    'x-xsrf-token': cookie.split('=')[1],
  };
}

export async function getJson(baseUrl, token, path) {
  const r = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (r.status !== 200) throw new Error(`${path} ${r.status} ${await r.text()}`);
  return r.json();
}

/** A day of 2025 (every expense in the past, spread over the year). */
const dayOf = (i) =>
  new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);

async function recordExpenses(baseUrl) {
  let token = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const shops = (await getJson(baseUrl, token, '/api/services?size=50')).items;
  const shop = Math.min(...shops.map((s) => s.id));
  const categories = await getJson(baseUrl, token, `/api/services/${shop}/categories-depenses`);
  const run = Date.now().toString(36);
  const t0 = performance.now();
  let next = 0;
  let headers = await writeHeaders(baseUrl, token);
  let signedAt = performance.now();
  const worker = async () => {
    while (next < EXPENSES) {
      const i = next++;
      // Access tokens live 15 minutes: a new sign-in every 10.
      if (performance.now() - signedAt > 600_000) {
        signedAt = performance.now();
        token = await signIn(baseUrl, 'proprietaire@comptoir.test');
        headers = await writeHeaders(baseUrl, token);
      }
      const r = await fetch(`${baseUrl}/api/services/${shop}/depenses`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          cleIdempotence: `bench-${run}-${i}`,
          categorieId: categories[i % categories.length].id,
          libelle: `Dépense ${i}`,
          montant: 500 + ((i * 7919) % 500_000),
          date: dayOf(i),
          mode: i % 3 ? 'especes' : 'mobile_money',
        }),
      });
      if (r.status !== 201) throw new Error(`POST depenses ${r.status} ${await r.text()}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { ms: performance.now() - t0, shop, categorie: categories[2].id, token };
}

export async function benchDepenses(baseUrl) {
  const seeded = await recordExpenses(baseUrl);
  const owner = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const base = `/api/services/${seeded.shop}/depenses`;
  const cases = [
    ['liste p.1 + totaux, tout l’historique', `${base}?page=1&size=8`],
    ['liste p.1 + totaux, un mois', `${base}?size=8&du=2025-06-01&au=2025-06-30`],
    ['liste p.1 + totaux, une catégorie', `${base}?size=8&categorieId=${seeded.categorie}`],
    [
      'liste + totaux, mois et catégorie',
      `${base}?size=8&du=2025-06-01&au=2025-06-30&categorieId=${seeded.categorie}`,
    ],
    ['liste p.1000 + totaux', `${base}?page=1000&size=8`],
    ['liste p.1 par montant + totaux', `${base}?size=8&sort=montant,desc`],
  ];
  const rate = Math.round(EXPENSES / (seeded.ms / 1000));
  const lines = [
    `  ${`POST depenses × ${EXPENSES} (${PARALLEL} à la fois)`.padEnd(44)} ${fmt(seeded.ms)} (${rate}/s)`,
  ];
  for (const [label, path] of cases) {
    const p = await timeGets(baseUrl, owner, path, 100);
    lines.push(
      `  ${`GET depenses : ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}, total ${p.total})`,
    );
  }
  return lines.join('\n');
}
