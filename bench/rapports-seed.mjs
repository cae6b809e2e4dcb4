// The data of the report bench (bench/rapports.mjs), built through the API only: sign-in, the
// owner's shops and formula, a shop opened with its catalogue and registers, and its sales sent
// through the offline sync, spread over three years.
import { api as callApi, session } from './ventes.mjs';

export const PRODUCTS = Number(process.env.BENCH_RAPPORTS_PRODUITS ?? 50_000);
export const LINES = Number(process.env.BENCH_RAPPORTS_LIGNES ?? 1_000_000);
export const SECONDS = Number(process.env.BENCH_RAPPORTS_SECONDES ?? 3600);
export const OTHER_SALES = Number(process.env.BENCH_RAPPORTS_AUTRES_VENTES ?? 2000);
export const OTHER_PRODUCTS = 500;
export const CATCH_UP = 45 * 60_000;
export const PER_SALE = 10;
export const REGISTERS = 5;
export const BATCH = 100;
export const DAYS = 1095;
export const SHOPS = 5;
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const EMAIL = 'proprietaire@comptoir.test';
export const ADMIN = 'admin@comptoir.test';
export const TOWNS = ['Thiès', 'Saint-Louis', 'Ziguinchor', 'Kaolack', 'Touba'];

/** The session of `email`, signed in again after 10 minutes (an access token lives 15). */
export function signedIn(baseUrl, email) {
  let current = null;
  let at = 0;
  return () => {
    if (!current || Date.now() - at > 600_000) {
      at = Date.now();
      current = session(baseUrl, email);
    }
    return current;
  };
}

/** An API call in the session `auth` gives (signedIn): bench/ventes.mjs's `api`. */
export const api = async (baseUrl, auth, method, url, body) =>
  callApi(baseUrl, await auth(), method, url, body);

/** A seeded pseudo-random generator in [0, 1) (mulberry32): the same sales on every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `n` sale instants (ISO, UTC), oldest first, spread evenly over the DAYS days ending today in
 * the shop's zone — Senegal, UTC+0 without summer time: its days and years are UTC's — between
 * 08:00 and 20:00; today's between 08:00 and now (from midnight when it is not 08:00 yet).
 */
export function instants(n, now = Date.now()) {
  const today = Math.floor(now / DAY) * DAY;
  const out = new Array(n);
  let i = 0;
  for (let d = 0; d < DAYS; d++) {
    const end = Math.floor(((d + 1) * n) / DAYS);
    const count = end - i;
    const start = today - (DAYS - 1 - d) * DAY;
    let open = start + 8 * HOUR;
    const close = Math.max(start, Math.min(start + 20 * HOUR, now - 1000));
    if (close < open) open = start;
    for (let k = 0; i < end; k++, i++)
      out[i] = new Date(open + Math.floor(((k + 0.5) / count) * (close - open))).toISOString();
  }
  return out;
}

/** The owner's shops and how many sales each has. */
export async function ownerShops(baseUrl, owner) {
  const { items } = await api(baseUrl, owner, 'GET', '/api/services?size=50');
  const shops = [];
  for (const s of items) {
    const { total } = await api(baseUrl, owner, 'GET', `/api/services/${s.id}/ventes?size=1`);
    shops.push({ id: s.id, nom: s.nom, ventes: total });
  }
  return shops;
}

/**
 * The admin moves the owner's subscription to a formula allowing `needed` shops, if need be (with
 * 5 more: the benches run after this one open shops of the same owner).
 */
export async function roomFor(baseUrl, owner, admin, needed) {
  const me = await api(baseUrl, owner, 'GET', '/api/account');
  const { items } = await api(
    baseUrl,
    admin,
    'GET',
    `/api/abonnements?ownerId=${me.id}&statut=active`,
  );
  const abonnement = items[0];
  if (!abonnement) throw new Error(`${EMAIL} : aucun abonnement actif`);
  const plan = await api(baseUrl, admin, 'GET', `/api/abonnements/plans/${abonnement.plan.id}`);
  if (plan.maxServices >= needed) return null;
  const reseau = await api(baseUrl, admin, 'POST', '/api/abonnements/plans', {
    nom: `Réseau ${needed + 5} boutiques`,
    dureeMois: 12,
    prix: 150_000,
    devise: 'XOF',
    maxServices: needed + 5,
    maxUsers: plan.maxUsers,
  });
  await api(baseUrl, admin, 'PUT', `/api/abonnements/${abonnement.id}`, {
    planId: reseau.id,
    dateDebut: abonnement.dateDebut,
    dateFin: abonnement.dateFin,
    montantPaye: abonnement.montantPaye,
    devise: abonnement.devise,
    modePaiement: abonnement.modePaiement,
    reference: abonnement.reference,
  });
  return `${plan.nom} (${plan.maxServices} boutiques) → ${reseau.nom}`;
}

/**
 * A shop in Senegal as an owner opens it: its catalogue imported (20 categories), `registers`
 * registers (« Caisse 1 » and those the owner adds), each chosen by its device, a session opened; what its tills know of the catalogue
 * (`GET …/catalogue/produits`, as the till downloads it) and the retail sale type.
 */
export async function openShop(baseUrl, owner, { nom, ville, produits, registers, prefix }) {
  const shop = await api(baseUrl, owner, 'POST', '/api/services', {
    nom,
    ville,
    pays: 'SN',
    telephone: '+221 33 800 00 01',
    devise: 'XOF',
    assujettiTva: true,
    tauxTvaDefaut: 1800,
  });
  const base = `/api/services/${shop.id}`;
  const categories = [];
  for (let c = 0; c < 20; c++)
    categories.push(await api(baseUrl, owner, 'POST', `${base}/categories`, { nom: `Rayon ${c}` }));
  const lignes = Array.from({ length: produits }, (_, i) => ({
    nom: `Article du rapport ${i}`,
    reference: `${prefix}-${i}`,
    categorie: categories[i % categories.length].nom,
    unite: 'pce',
    prixAchat: 100 + (i % 900),
    prixVente: 150 + (i % 4000),
    tauxTva: 1800,
    stockInitial: 100_000_000,
  }));
  for (let i = 0; i < lignes.length; i += 10_000)
    await api(baseUrl, owner, 'POST', `${base}/produits/import`, {
      lignes: lignes.slice(i, i + 10_000),
    });
  // « Caisse 1 », which every shop starts with, then the owner adds the others.
  const caisses = [];
  for (let k = 1; k <= registers; k++) {
    const caisse =
      k === 1
        ? (await api(baseUrl, owner, 'GET', `${base}/caisses`))[0]
        : await api(baseUrl, owner, 'POST', `${base}/caisses`, { nom: `Caisse ${k}` });
    await api(baseUrl, owner, 'PUT', `${base}/caisses/${caisse.id}/appareil`, {
      appareil: `banc-rapports-${shop.id}-${k}`,
    });
    await api(baseUrl, owner, 'POST', `${base}/caisses/${caisse.id}/sessions`, { fond: 0 });
    const serie = await api(baseUrl, owner, 'GET', `${base}/caisses/${caisse.id}/synchro`);
    if (serie.dernier !== 0) throw new Error(`Caisse ${caisse.id} : série déjà commencée`);
    caisses.push(caisse.id);
  }
  const catalogue = [];
  for (let curseur = null; ;) {
    const page = await api(
      baseUrl,
      owner,
      'GET',
      `${base}/catalogue/produits?taille=5000${curseur ? `&curseur=${encodeURIComponent(curseur)}` : ''}`,
    );
    catalogue.push(...page.items);
    curseur = page.curseur;
    if (!page.suite) break;
  }
  const types = await api(baseUrl, owner, 'GET', '/api/types-ventes?size=50');
  const detail = types.items.find((t) => t.prixUtilise === 'detail');
  if (!detail) throw new Error('Aucun type de vente au prix de détail');
  return { id: shop.id, nom: shop.nom, base, caisses, catalogue, typeVente: detail.id };
}

/**
 * The tills send `n` sales over the DAYS days, each register its own series in order, BATCH per
 * POST, all registers at once, until every sale is sent or `deadline` (performance.now()) has
 * passed. Every sale must be recorded now (`enregistree`): otherwise it throws with the refusal.
 */
export async function syncSales(baseUrl, owner, shop, n, deadline) {
  const faites = instants(n);
  const pick = random(shop.id);
  const R = shop.caisses.length;
  let sales = 0;
  let posts = 0;
  let last = '';
  let failed = false;
  const t0 = performance.now();
  // Each register's next sale and its numbers per shop year, kept from one phase to the next.
  const next = shop.caisses.map((_, r) => r);
  const numbers = shop.caisses.map(() => new Map());
  const register = async (r, end) => {
    const caisse = shop.caisses[r];
    const sequences = numbers[r];
    for (let i = next[r]; i < end && !failed && performance.now() < deadline; next[r] = i) {
      const ventes = [];
      for (; i < end && ventes.length < BATCH; i += R) {
        const faiteLe = faites[i];
        const annee = Number(faiteLe.slice(0, 4)); // the shop year: UTC's in Senegal
        const sequence = (sequences.get(annee) ?? 0) + 1;
        sequences.set(annee, sequence);
        const lignes = Array.from({ length: PER_SALE }, () => {
          const p = shop.catalogue[Math.floor(pick() * shop.catalogue.length)];
          return {
            produitId: p.id,
            quantite: 1000,
            nom: p.nom,
            uniteSymbole: p.uniteSymbole,
            prixUnitaire: p.prixVente,
            tauxTva: p.tauxTva,
          };
        });
        ventes.push({
          cleIdempotence: `rap-${shop.id}-${caisse}-${annee}-${sequence}`,
          sequence,
          faiteLe,
          typeVenteId: shop.typeVente,
          lignes,
          paiements: [{ mode: 'especes', montant: lignes.reduce((a, l) => a + l.prixUnitaire, 0) }],
        });
      }
      const res = await api(baseUrl, owner, 'POST', `${shop.base}/caisses/${caisse}/synchro`, {
        ventes,
      }).catch((error) => {
        failed = true;
        throw error;
      });
      posts += 1;
      const refus = res.ventes.find((v) => v.statut !== 'enregistree');
      if (refus) {
        failed = true;
        throw new Error(
          `Synchronisation de la caisse ${caisse} (${shop.nom}) : vente n° ${refus.sequence} ${refus.statut} — ${refus.message}`,
        );
      }
      sales += ventes.length;
      if (ventes.at(-1).faiteLe > last) last = ventes.at(-1).faiteLe;
    }
  };
  // The past days first, then today's sales: the registers send at once, and a sale of today
  // recorded before one of the past days (by journal sequence) would keep the automatic closures
  // from reaching yesterday until today ends (docs/regles-metier.md « Clôtures »), which no shop
  // sees, its past days having been sent in their time.
  const today = new Date(Math.floor(Date.now() / DAY) * DAY).toISOString();
  const history = faites.findIndex((f) => f >= today);
  for (const end of [history < 0 ? n : history, n])
    await Promise.all(shop.caisses.map((_, r) => register(r, end)));
  return {
    sales,
    lines: sales * PER_SALE,
    posts,
    ms: performance.now() - t0,
    first: faites[0]?.slice(0, 10),
    last: last.slice(0, 10),
    complete: sales === n,
  };
}

/** What the server holds of the shop: its sales and the alerts its tills' sales left. */
export async function checkShop(baseUrl, owner, shop, sold) {
  const { total } = await api(baseUrl, owner, 'GET', `${shop.base}/ventes?size=1`);
  if (total !== sold.sales)
    throw new Error(`${shop.nom} : ${total} ventes sur le serveur, ${sold.sales} envoyées`);
  const alertes = await api(baseUrl, owner, 'GET', `${shop.base}/alertes-hors-ligne`);
  if (alertes.length)
    throw new Error(
      `${shop.nom} : ${alertes.length} alertes hors ligne, dont ${JSON.stringify(alertes[0])}`,
    );
}
