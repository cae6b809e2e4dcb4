/* global window, document, indexedDB -- code run inside Chromium by page.evaluate */
// The steps of bench/hors-ligne.mjs played on the point of sale's screen.
import { api } from './ventes.mjs';

/** The delta cursor steps back two minutes (synchro.catalogue.ts): writes older than that are out. */
const MARGE_MS = 2 * 60 * 1000 + 5_000;
const CHANGES = 100;

/**
 * One sale without the network: each line typed into the search field as a scanner types it
 * (a few ms between keys) then Enter, its line waited for; then paid cash (F9, amount, Ctrl+Enter)
 * and the next sale (F6).
 */
export async function venteHorsLigne(page, search, lines) {
  for (const { kind, text } of lines) {
    const before = await page.evaluate((kind) => {
      window.__kind = kind;
      return window.__scans.length;
    }, kind);
    await search.pressSequentially(text, { delay: 2 });
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.__scans.length > n, before);
  }
  await page.keyboard.press('F9');
  const dialog = page.getByRole('dialog', { name: /Paiement/ });
  const recu = dialog.getByLabel('Montant reçu');
  await recu.waitFor();
  await recu.evaluate(
    (el) =>
      new Promise((resolve) => {
        const check = () => (el === document.activeElement ? resolve() : setTimeout(check, 10));
        check();
      }),
  );
  await page.keyboard.type('100000');
  await page.waitForFunction(() =>
    /^\s*0(,00)?\s/.test(document.querySelector('[data-testid="pay-reste"]')?.textContent ?? ''),
  );
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: /^Vente .* enregistrée$/ });
  await done.waitFor();
  await page.waitForFunction(
    () => !document.documentElement.classList.contains('receipt-printing'),
  );
  await page.keyboard.press('F6');
  await done.waitFor({ state: 'hidden' });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Offline then online again: the POS catches up at once (sync, then catalogue refresh). */
async function refresh(page, context, etats) {
  const mark = Date.now();
  await context.setOffline(true);
  await page.getByTestId('etat-reseau').getByText('Hors ligne').waitFor();
  await context.setOffline(false);
  for (;;) {
    const back = (await etats(page)).find((e) => e.at > mark && e.text.startsWith('En ligne'));
    if (back) return { mark, back: back.at };
    await sleep(50);
  }
}

const produitBody = (p, prixVente) => ({
  nom: p.nom,
  reference: p.reference,
  codeBarres: p.codeBarres,
  categorieId: p.categorie?.id ?? null,
  marqueId: p.marque?.id ?? null,
  uniteId: p.unite.id,
  prixAchat: p.prixAchat,
  prixVente,
  prixGros: p.prixGros,
  tauxTva: p.tauxTva,
  seuilAlerte: p.seuilAlerte,
  description: p.description,
  actif: p.actif,
});

const prixLocal = (page, shop, id) =>
  page.evaluate(
    ({ shop, id }) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open(`comptoir-boutique-${shop}`);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const get = req.result.transaction('produits').objectStore('produits').get(id);
          get.onsuccess = () => resolve(get.result?.prixVente);
        };
      }),
    { shop, id },
  );

/**
 * 100 prices changed through the API, then the POS's refresh: from its first catalogue request
 * to « En ligne » again, the items it brought and its bytes. Waits first until the last writes
 * (the synced sales' stock) are older than the delta's margin, and refreshes once, so that the
 * measured delta carries the price changes only.
 */
export async function deltaApresPrix(page, context, { baseUrl, s, seeded, log, etats }) {
  const lastWrite = Math.max(...log.map((r) => r.end));
  await sleep(Math.max(0, lastWrite + MARGE_MS - Date.now()));
  await refresh(page, context, etats);
  const { items } = await api(
    baseUrl,
    s,
    'GET',
    `${seeded.base}/produits?page=1&size=${CHANGES}&sort=reference,asc`,
  );
  for (const p of items)
    await api(
      baseUrl,
      s,
      'PUT',
      `${seeded.base}/produits/${p.id}`,
      produitBody(p, p.prixVente + 5),
    );
  const { mark, back } = await refresh(page, context, etats);
  await sleep(500);
  const reqs = log.filter((r) => r.url.includes('/catalogue/') && r.start > mark);
  const start = reqs.find((r) => r.url.includes('/catalogue/produits')).start;
  const received = reqs.reduce((a, r) => a + (r.url.includes('/produits') ? (r.items ?? 0) : 0), 0);
  const bytes = reqs.reduce((a, r) => a + r.bytes, 0);
  const last = items.at(-1);
  const local = await prixLocal(page, seeded.shop, last.id);
  if (local !== last.prixVente + 5)
    throw new Error(`prix sur l’appareil ${local}, attendu ${last.prixVente + 5}`);
  const ms = back - start;
  const flag = ms < 300 ? '' : '   ⚠ > 300 ms';
  return `    rafraîchissement après ${CHANGES} changements de prix : ${Math.round(ms)} ms (${received} produits reçus, ${(bytes / 1024).toFixed(1)} Kio)${flag}`;
}
