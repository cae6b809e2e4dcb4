// Invoices at the scale of a shop that invoices its customers: BENCH_FACTURES sales (2,000 by
// default) recorded through the API (POST …/ventes, one line paid in cash, to a demo customer, 16
// at a time) into the demo owner's first shop, each invoiced (POST …/factures, F-AAAA-NNNNNN),
// then the invoice list with its totals timed over HTTP: all, by status, a customer, a search, a
// deep page, by amount, the CSV export of one customer. Local round trips: an upper bound of the
// server time.
import { signIn, timeGets } from './accounts.mjs';
import { getJson, writeHeaders } from './depenses.mjs';
import { fmt } from './server.mjs';

const INVOICES = Number(process.env.BENCH_FACTURES ?? 2_000);
const PARALLEL = 16;

async function recordInvoices(baseUrl) {
  let token = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const shops = (await getJson(baseUrl, token, '/api/services?size=50')).items;
  const shop = Math.min(...shops.map((s) => s.id));
  const clients = (await getJson(baseUrl, token, `/api/services/${shop}/clients?size=50`)).items;
  const types = (await getJson(baseUrl, token, '/api/types-ventes?size=10')).items;
  const detail = types.find((t) => t.prixUtilise === 'detail') ?? types[0];
  const unite = (await getJson(baseUrl, token, '/api/unites?size=10')).items[0];
  const run = Date.now().toString(36);
  let headers = await writeHeaders(baseUrl, token);
  // Products of the bench, with stock enough for every sale (the demo shelf runs out).
  const produits = [];
  for (let p = 0; p < 20; p++) {
    const r = await fetch(`${baseUrl}/api/services/${shop}/produits`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        nom: `Article facturé ${run}-${p}`,
        uniteId: unite.id,
        prixVente: 1_000 + 250 * p,
        prixAchat: 500,
        tauxTva: 0,
        stockInitial: 100_000_000,
      }),
    });
    if (r.status !== 201) throw new Error(`POST produits ${r.status} ${await r.text()}`);
    produits.push(await r.json());
  }
  const t0 = performance.now();
  let next = 0;
  let signedAt = performance.now();
  const post = async (path, body) => {
    const r = await fetch(`${baseUrl}/api/services/${shop}/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (r.status !== 201) throw new Error(`POST ${path} ${r.status} ${await r.text()}`);
    return r.json();
  };
  const worker = async () => {
    while (next < INVOICES) {
      const i = next++;
      // Access tokens live 15 minutes: a new sign-in every 10.
      if (performance.now() - signedAt > 600_000) {
        signedAt = performance.now();
        token = await signIn(baseUrl, 'proprietaire@comptoir.test');
        headers = await writeHeaders(baseUrl, token);
      }
      const produit = produits[i % produits.length];
      const vente = await post('ventes', {
        cleIdempotence: `bench-v-${run}-${i}`,
        typeVenteId: detail.id,
        clientId: clients[i % clients.length].id,
        lignes: [{ produitId: produit.id, quantite: 1000 }],
        paiements: [{ mode: 'especes', montant: produit.prixVente }],
      });
      await post('factures', { cleIdempotence: `bench-f-${run}-${i}`, venteIds: [vente.id] });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { ms: performance.now() - t0, shop, client: clients[1] };
}

export async function benchFactures(baseUrl) {
  const seeded = await recordInvoices(baseUrl);
  const owner = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const base = `/api/services/${seeded.shop}/factures`;
  const nom = encodeURIComponent(seeded.client.nom.split(' ')[0]);
  const deep = Math.max(1, Math.floor(INVOICES / 8 / 2));
  const cases = [
    ['liste p.1 + totaux, toutes', `${base}?page=1&size=8`],
    ['liste p.1 + totaux, payées', `${base}?size=8&statut=payee`],
    ['liste p.1 + totaux, impayées', `${base}?size=8&statut=impayee`],
    ['liste p.1 + totaux, en retard', `${base}?size=8&statut=en_retard`],
    ['liste p.1 + totaux, un client', `${base}?size=8&clientId=${seeded.client.id}`],
    ['liste p.1 + totaux, recherche q', `${base}?size=8&q=${nom}`],
    [`liste p.${deep} + totaux`, `${base}?page=${deep}&size=8`],
    ['liste p.1 par montant + totaux', `${base}?size=8&sort=total_ttc,desc`],
  ];
  const rate = Math.round(INVOICES / (seeded.ms / 1000));
  const lines = [
    `  ${`POST vente + facture × ${INVOICES} (${PARALLEL} à la fois)`.padEnd(44)} ${fmt(seeded.ms)} (${rate}/s)`,
  ];
  for (const [label, path] of cases) {
    const p = await timeGets(baseUrl, owner, path, 100);
    lines.push(
      `  ${`GET factures : ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}, total ${p.total})`,
    );
  }
  return lines.join('\n');
}
