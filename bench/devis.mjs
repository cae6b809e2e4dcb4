// Quotes at the scale of a busy shop: BENCH_DEVIS quotes (5,000 by default) recorded through the
// API (POST …/devis, a product line and a service line, 16 at a time) into the demo owner's first
// shop, one in three accepted and one in five refused (numbered, POST …/acceptation and …/refus),
// then the quotes list with its totals timed over HTTP: all, by status (« expiré » is derived
// from the validity date), a customer's name, a deep page, by amount. Local round trips: an upper
// bound of the server time.
import { signIn, timeGets } from './accounts.mjs';
import { getJson, writeHeaders } from './depenses.mjs';
import { fmt } from './server.mjs';

const QUOTES = Number(process.env.BENCH_DEVIS ?? 5_000);
const PARALLEL = 16;

/** A validity day around the shop's today: some already past. */
const validite = (i) =>
  new Date(Date.now() + ((i % 60) - 20) * 86_400_000).toISOString().slice(0, 10);

async function recordQuotes(baseUrl) {
  let token = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const shops = (await getJson(baseUrl, token, '/api/services?size=50')).items;
  const shop = Math.min(...shops.map((s) => s.id));
  const clients = (await getJson(baseUrl, token, `/api/services/${shop}/clients?size=50`)).items;
  const produits = (await getJson(baseUrl, token, `/api/services/${shop}/produits?size=50`)).items;
  const types = (await getJson(baseUrl, token, '/api/types-ventes?size=10')).items;
  const run = Date.now().toString(36);
  const t0 = performance.now();
  let next = 0;
  let headers = await writeHeaders(baseUrl, token);
  let signedAt = performance.now();
  const post = async (path, body, status) => {
    const r = await fetch(`${baseUrl}/api/services/${shop}/devis${path}`, {
      method: 'POST',
      // No body, no JSON content type (an empty JSON body is refused).
      headers:
        body === undefined
          ? Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'))
          : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status !== status) throw new Error(`POST devis${path} ${r.status} ${await r.text()}`);
    return r.json();
  };
  const worker = async () => {
    while (next < QUOTES) {
      const i = next++;
      // Access tokens live 15 minutes: a new sign-in every 10.
      if (performance.now() - signedAt > 600_000) {
        signedAt = performance.now();
        token = await signIn(baseUrl, 'proprietaire@comptoir.test');
        headers = await writeHeaders(baseUrl, token);
      }
      const produit = produits[i % produits.length];
      const devis = await post(
        '',
        {
          cleIdempotence: `bench-${run}-${i}`,
          clientId: clients[i % clients.length].id,
          typeVenteId: types[0].id,
          dateValidite: validite(i),
          lignes: [
            { produitId: produit.id, quantite: 1000 * (1 + (i % 5)) },
            {
              produitId: null,
              designation: `Livraison ${i}`,
              prixUnitaire: 1000 + ((i * 7919) % 50_000),
              tauxTva: 0,
              quantite: 1000,
            },
          ],
        },
        201,
      );
      if (i % 3 === 0) await post(`/${devis.id}/acceptation`, undefined, 200);
      else if (i % 5 === 0) await post(`/${devis.id}/refus`, undefined, 200);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { ms: performance.now() - t0, shop, client: clients[1] };
}

export async function benchDevis(baseUrl) {
  const seeded = await recordQuotes(baseUrl);
  const owner = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const base = `/api/services/${seeded.shop}/devis`;
  const nom = encodeURIComponent(seeded.client.nom.split(' ')[0]);
  const cases = [
    ['liste p.1 + totaux, tous', `${base}?page=1&size=8`],
    ['liste p.1 + totaux, acceptés', `${base}?size=8&statut=accepte`],
    ['liste p.1 + totaux, expirés', `${base}?size=8&statut=expire`],
    ['liste p.1 + totaux, brouillons', `${base}?size=8&statut=brouillon`],
    ['liste p.1 + totaux, un client', `${base}?size=8&clientId=${seeded.client.id}`],
    ['liste p.1 + totaux, recherche q', `${base}?size=8&q=${nom}`],
    ['liste p.1000 + totaux', `${base}?page=1000&size=8`],
    ['liste p.1 par montant + totaux', `${base}?size=8&sort=total_ttc,desc`],
  ];
  const rate = Math.round(QUOTES / (seeded.ms / 1000));
  const lines = [
    `  ${`POST devis × ${QUOTES} (${PARALLEL} à la fois)`.padEnd(44)} ${fmt(seeded.ms)} (${rate}/s)`,
  ];
  for (const [label, path] of cases) {
    const p = await timeGets(baseUrl, owner, path, 100);
    lines.push(
      `  ${`GET devis : ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}, total ${p.total})`,
    );
  }
  return lines.join('\n');
}
