// Barcode labels as a shop prints them: the demo shop's products with a barcode, 2,000 labels
// in one PDF (the most one request takes), through POST …/produits/etiquettes. Meanwhile another
// caller asks the server's health every 20 ms: the longest wait shows whether the drawing kept
// the server (the tills' sales) waiting.
// Targets: 2,000 labels under 1 s; no other call waits more than 100 ms meanwhile.
import { signIn } from './accounts.mjs';
import { getJson, writeHeaders } from './depenses.mjs';
import { fmt, percentiles } from './server.mjs';

const LABELS = 2_000;
const RUNS = 7;

export async function benchEtiquettes(baseUrl) {
  const token = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const shops = (await getJson(baseUrl, token, '/api/services?size=50')).items;
  const shop = Math.min(...shops.map((s) => s.id));
  const produits = (
    await getJson(baseUrl, token, `/api/services/${shop}/produits?size=100&actif=true`)
  ).items.filter((p) => p.codeBarres);
  if (produits.length === 0) throw new Error('aucun produit avec code-barres');
  const chosen = produits.slice(0, 20);
  // At most 500 labels a product (the API's limit): the 2,000 spread over the products.
  if (chosen.length * 500 < LABELS) throw new Error('trop peu de produits avec code-barres');
  const each = Math.floor(LABELS / chosen.length);
  const lignes = chosen.map((p, i) => ({
    produitId: p.id,
    quantite: each + (i < LABELS % chosen.length ? 1 : 0),
  }));
  const body = JSON.stringify({ format: '3x8', lignes });
  const headers = await writeHeaders(baseUrl, token);

  let pinging = true;
  let longest = 0;
  const pinger = (async () => {
    while (pinging) {
      const t = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
      longest = Math.max(longest, performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const times = [];
  let bytes = 0;
  try {
    // The first request warms the server up (fonts, barcode writer); not counted.
    for (let i = 0; i <= RUNS; i++) {
      if (i === 1) longest = 0;
      const t = performance.now();
      const r = await fetch(`${baseUrl}/api/services/${shop}/produits/etiquettes`, {
        method: 'POST',
        headers,
        body,
      });
      if (r.status !== 200) throw new Error(`etiquettes ${r.status} ${await r.text()}`);
      bytes = (await r.arrayBuffer()).byteLength;
      if (i > 0) times.push(performance.now() - t);
    }
  } finally {
    pinging = false;
    await pinger;
  }
  const p = percentiles(times);
  return [
    `#### Étiquettes (${LABELS} étiquettes de ${chosen.length} produits, ${RUNS} tirages)`,
    `- PDF : p50 ${fmt(p.p50)}, p95 ${fmt(p.p95)} (cible < 1 s) ; ${(bytes / 1024).toFixed(0)} Kio`,
    `- Attente la plus longue d’un autre appel pendant les tirages : ${fmt(longest)} (cible < 100 ms)`,
  ].join('\n');
}
