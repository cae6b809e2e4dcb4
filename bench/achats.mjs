// Purchases at the scale of a busy shop, built through the API as the owner enters them: the
// validation of a 50-line purchase (draft written, then POST …/validation timed: numbering, stock
// in, weighted average costs, payment), then the purchase list with its totals over `BENCH_ACHATS`
// purchases (100,000 by default; each a draft then its validation, 16 at a time), timed over HTTP.
// Local round trips: an upper bound of the server time.
import { signIn, timeGets } from './accounts.mjs';
import { fmt, percentiles } from './server.mjs';

const ACHATS = Number(process.env.BENCH_ACHATS ?? 100_000);
const VALIDATIONS = Number(process.env.BENCH_ACHATS_VALIDATIONS ?? 30);
const PARALLEL = 16;

async function client(baseUrl) {
  const token = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0].split(';')[0];
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    cookie,
    'x-xsrf-token': cookie.split('=')[1],
  };
  const call = async (method, path, body, expected) => {
    const r = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (r.status !== expected) throw new Error(`${method} ${path} ${r.status} ${await r.text()}`);
    return r.json();
  };
  return { token, call };
}

/** A day of 2025 (every purchase in the past, spread over the year). */
const dayOf = (i) =>
  new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);

export async function benchAchats(baseUrl) {
  let api = await client(baseUrl);
  let signedAt = performance.now();
  const shops = (await api.call('GET', '/api/services?size=50', null, 200)).items;
  const shop = Math.min(...shops.map((s) => s.id));
  const base = `/api/services/${shop}`;
  const run = Date.now().toString(36);
  const fournisseur = await api.call(
    'POST',
    `${base}/fournisseurs`,
    { nom: `Grossiste banc ${run}`, confirmerDoublon: true },
    201,
  );
  const produits = (await api.call('GET', `${base}/produits?size=100&actif=true`, null, 200)).items;
  const draft = (i, cle, lignes) => ({
    cleIdempotence: `banc-${run}-${cle}`,
    fournisseurId: fournisseur.id,
    date: dayOf(i),
    frais: { transport: 5000, douane: 0, manutention: 0 },
    lignes,
  });
  const lines = [];

  // Validation of a 50-line purchase (the draft is written first, outside the timing).
  const cinquante = Array.from({ length: 50 }, (_, k) => ({
    produitId: produits[k % produits.length].id,
    quantite: 1000 * (1 + (k % 7)),
    prixUnitaire: 100 + k * 37,
  }));
  const samples = [];
  for (let i = 0; i < VALIDATIONS; i++) {
    const achat = await api.call('POST', `${base}/achats`, draft(i, `v${i}`, cinquante), 201);
    const t = performance.now();
    await api.call(
      'POST',
      `${base}/achats/${achat.id}/validation`,
      { cleIdempotence: `banc-${run}-val-${i}`, paiements: [{ mode: 'especes', montant: 1000 }] },
      200,
    );
    samples.push(performance.now() - t);
  }
  const v = percentiles(samples);
  lines.push(
    `  ${`POST validation d’un achat de 50 lignes`.padEnd(44)} p50 ${fmt(v.p50).padStart(10)}   p95 ${fmt(v.p95).padStart(10)}   (n=${v.n})`,
  );

  // The purchase list over ACHATS purchases of one or two lines, each validated.
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < ACHATS) {
      const i = next++;
      // Access tokens live 15 minutes: a new sign-in every 10.
      if (performance.now() - signedAt > 600_000) {
        signedAt = performance.now();
        api = await client(baseUrl);
      }
      const p = produits[i % produits.length];
      const achat = await api.call(
        'POST',
        `${base}/achats`,
        draft(i, `l${i}`, [{ produitId: p.id, quantite: 1000, prixUnitaire: 100 + (i % 900) }]),
        201,
      );
      if (i % 4 !== 3)
        await api.call(
          'POST',
          `${base}/achats/${achat.id}/validation`,
          { cleIdempotence: `banc-${run}-lv-${i}`, paiements: [] },
          200,
        );
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const ms = performance.now() - t0;
  lines.push(
    `  ${`achats × ${ACHATS} (brouillon puis validation, 3 sur 4)`.padEnd(44)} ${fmt(ms)} (${Math.round(ACHATS / (ms / 1000))}/s)`,
  );
  const list = `${base}/achats`;
  const cases = [
    ['liste p.1 + totaux, tout l’historique', `${list}?page=1&size=8`],
    ['liste p.1 + totaux, un mois', `${list}?size=8&du=2025-06-01&au=2025-06-30`],
    ['liste p.1 + totaux, un fournisseur', `${list}?size=8&fournisseurId=${fournisseur.id}`],
    ['liste p.1 + totaux, brouillons', `${list}?size=8&statut=brouillon`],
    ['liste p.1000 + totaux', `${list}?page=1000&size=8`],
    ['liste p.1 par total + totaux', `${list}?size=8&sort=total,desc`],
  ];
  api = await client(baseUrl);
  for (const [label, path] of cases) {
    const p = await timeGets(baseUrl, api.token, path, 100);
    lines.push(
      `  ${`GET achats : ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}, total ${p.total})`,
    );
  }
  return lines.join('\n');
}
