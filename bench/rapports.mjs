// Reports at the scale of a busy shop with three years of history (issue 13), built through the
// API only, as shops build it. The demo owner opens a shop in Dakar (UTC+0), imports
// BENCH_RAPPORTS_PRODUITS products (50,000 by default) and opens 5 registers (« Caisse 1 » and 4
// added), each chosen by its device, with a session. Its sales are those the tills kept and send
// through the offline sync (`POST …/caisses/:id/synchro`, the one path that records a sale at the
// instant it was made): 10-line cash sales paid exactly, at the catalogue's retail prices, spread
// evenly over the 1,095 days ending today (08:00–20:00; today's up to now), oldest first, sale i on
// register i mod 5; each register sends its own series in order, numbered from 1 again each shop
// year, 100 sales per POST, the 5 registers at once, the past days first and today's sales after. Every sale must come back `enregistree` (else
// the bench stops on the first refusal), the shop must then list as many sales as were sent and
// hold no offline-sale alert (another price than the catalogue's, stock under zero). It stops at
// BENCH_RAPPORTS_LIGNES sale lines (1,000,000) or after BENCH_RAPPORTS_SECONDES (3,600): the count,
// the entry rate and the last day reached are printed, nothing extrapolated.
// « Toutes mes boutiques » is measured over 5 shops with sales: when the owner has fewer, the bench
// opens the missing ones (Senegal, 500 products, « Caisse 1 », BENCH_RAPPORTS_AUTRES_VENTES sales —
// 2,000 — over the same three years, synced the same way), after the admin has moved the owner to
// a formula with room for them (the demo formula allows 3 shops). Then, timed over HTTP (30 GETs
// each after 20 warm-ups): the dashboard (30 days, one year), « Toutes mes boutiques » (30 days,
// one year), the product report over one year (default sort, by margin, page 500 of 16). Targets
// (issue 13): p95 under 300 ms, under 1 s for « Toutes mes boutiques ». Local round trips: an
// upper bound of the server time. Before the timing, the bench waits (at most 45 minutes) until the
// journal's automatic closures (every 10 minutes in the background) have closed yesterday: the
// three years of days the sync brought are closed by the server afterwards, which no shop lives
// through while it reads its reports; the wait is printed. Last line: the bench shop's automatic
// closures before and after the timed GETs.
import { signIn, timeGets } from './accounts.mjs';
import {
  PRODUCTS,
  LINES,
  SECONDS,
  OTHER_SALES,
  OTHER_PRODUCTS,
  CATCH_UP,
  PER_SALE,
  REGISTERS,
  BATCH,
  SHOPS,
  DAY,
  EMAIL,
  ADMIN,
  TOWNS,
  signedIn,
  api,
  ownerShops,
  roomFor,
  openShop,
  syncSales,
  checkShop,
} from './rapports-seed.mjs';
import { fmt } from './server.mjs';

const flag = (p95, target) => (p95 < target ? `   (cible ${target} ms)` : `   ⚠ > ${target} ms`);

export async function benchRapports(baseUrl) {
  const owner = signedIn(baseUrl, EMAIL);
  const admin = signedIn(baseUrl, ADMIN);
  const before = await ownerShops(baseUrl, owner);
  const others = Math.max(0, SHOPS - 1 - before.filter((s) => s.ventes > 0).length);
  const upgraded = await roomFor(baseUrl, owner, admin, before.length + 1 + others);
  if (upgraded) console.log(`  formule du propriétaire : ${upgraded}`);

  for (let k = 0; k < others; k++) {
    const t0 = performance.now();
    const shop = await openShop(baseUrl, owner, {
      nom: `Banc des rapports, ${TOWNS[k % TOWNS.length]} ${Date.now()}`,
      ville: TOWNS[k % TOWNS.length],
      produits: OTHER_PRODUCTS,
      registers: 1,
      prefix: `RAP${k}`,
    });
    const sold = await syncSales(baseUrl, owner, shop, OTHER_SALES, Infinity);
    await checkShop(baseUrl, owner, shop, sold);
    console.log(
      `  boutique ajoutée ${shop.nom} : ${OTHER_PRODUCTS} produits, ${sold.sales} ventes du ${sold.first} au ${sold.last} en ${fmt(performance.now() - t0)}`,
    );
  }

  const t0 = performance.now();
  const shop = await openShop(baseUrl, owner, {
    nom: `Banc des rapports ${Date.now()}`,
    ville: 'Dakar',
    produits: PRODUCTS,
    registers: REGISTERS,
    prefix: 'RAP',
  });
  console.log(
    `  boutique du banc : ${shop.catalogue.length} produits importés, ${REGISTERS} caisses ouvertes en ${fmt(performance.now() - t0)}`,
  );
  const deadline = performance.now() + SECONDS * 1000;
  const sold = await syncSales(baseUrl, owner, shop, Math.ceil(LINES / PER_SALE), deadline);
  await checkShop(baseUrl, owner, shop, sold);
  console.log(
    `  ${`synchro de ${REGISTERS} caisses (${BATCH} ventes de ${PER_SALE} lignes par envoi)`.padEnd(44)} ${sold.sales} ventes, ${sold.lines} lignes du ${sold.first} au ${sold.last} en ${fmt(sold.ms)} (${Math.round(sold.lines / (sold.ms / 1000))} lignes/s, ${sold.posts} envois), toutes enregistrées${sold.complete ? '' : `   ⚠ arrêtée par BENCH_RAPPORTS_SECONDES (${SECONDS} s) avant aujourd’hui`}`,
  );

  const base = shop.base;
  const after = await ownerShops(baseUrl, owner);
  console.log(
    `  « Toutes mes boutiques » : ${after.length} boutiques, ventes : ${after.map((s) => s.ventes).join(', ')}`,
  );
  // Closures of the journal (every 10 minutes, in the background): the server closes the 1,095
  // days the sync brought afterwards. A shop never receives three years at once: the timing waits
  // until yesterday is closed (at most CATCH_UP), and prints how long that took.
  const clotures = async () =>
    (await api(baseUrl, owner, 'GET', `${base}/journal/clotures`)).filter((c) => c.automatique);
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const waited = performance.now();
  for (;;) {
    const last = (await clotures()).find((c) => c.periode === 'jour')?.fin;
    if (last && last >= day(Date.now() - DAY)) break;
    if (performance.now() - waited > CATCH_UP) {
      console.log(
        `  ⚠ hier n’est toujours pas clôturé après ${fmt(CATCH_UP)} : mesures quand même`,
      );
      break;
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
  console.log(
    `  clôtures des jours synchronisés par le serveur (tâche de fond) : attendues ${fmt(performance.now() - waited)}`,
  );
  const closedBefore = (await clotures()).length;
  const token = await signIn(baseUrl, EMAIL);
  const year = `du=${day(Date.now() - 364 * DAY)}&au=${day(Date.now())}`;
  const all = `toutes mes boutiques (${after.length})`;
  const cases = [
    ['tableau, 30 jours', `${base}/tableau?periode=30j`, 300],
    ['tableau, un an', `${base}/tableau?periode=personnalisee&${year}`, 300],
    [`${all}, 30 jours`, '/api/tableau?periode=30j', 1000],
    [`${all}, un an`, `/api/tableau?periode=personnalisee&${year}`, 1000],
    ['rapport produits, un an, p.1', `${base}/rapports/produits?${year}&size=16`, 300],
    [
      'rapport produits, un an, par marge',
      `${base}/rapports/produits?${year}&sort=marge,desc`,
      300,
    ],
    ['rapport produits, un an, p.500', `${base}/rapports/produits?${year}&page=500&size=16`, 300],
  ];
  const lines = [];
  for (const [label, path, target] of cases) {
    const p = await timeGets(baseUrl, token, path, 30);
    lines.push(
      `  ${`GET ${label}`.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}${p.total === undefined ? '' : `, total ${p.total}`})${flag(p.p95, target)}`,
    );
  }
  const closed = await clotures();
  const lastDay = closed.find((c) => c.periode === 'jour')?.fin ?? '—';
  lines.push(
    `  clôtures automatiques du journal (boutique du banc) : ${closedBefore} avant les mesures, ${closed.length} après, jours clôturés jusqu’au ${lastDay}`,
  );
  return lines.join('\n');
}
