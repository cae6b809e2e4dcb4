import {
  compareFrench,
  gtinZeroPaddings,
  searchKey,
  type ClientCatalogue,
  type ClientsDelta,
  type Produit,
  type ProduitCatalogue,
  type ProduitsDelta,
} from '@comptoir/shared';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { noterProduits, produitEnMemoire } from './codes-memoire';
import { DELAI_SYNCHRO_MS } from './file';
import { byIndex, getMeta, putAll, scan, setMeta } from './idb';
import { champsIndex, type ChampsIndex } from './index-produits';

/**
 * The shop's whole catalogue and customers on the device (docs/regles-metier.md « Vente hors
 * ligne »): downloaded once, then refreshed by delta (only what changed since the cursor), so that
 * scanning and searching work without the network.
 */

/** A product as kept on the device, with the fields its indexes read (index-produits.ts). */
export type ProduitLocal = ProduitCatalogue & ChampsIndex;
/** A customer as kept on the device; one created offline has a negative id and its `cleHorsLigne`. */
export type ClientLocal = ClientCatalogue & { cle: string; cleHorsLigne?: string };

const withKey = (p: ProduitCatalogue): ProduitLocal => ({ ...p, ...champsIndex(p) });

interface DeltaPage<T> {
  items: T[];
  supprimes: number[];
  curseur: string;
  suite: boolean;
}

/**
 * Every page changed since the cursor, written as it comes; the next page is asked for while this
 * one is written (the server and the device work side by side), the cursor kept after each page.
 */
async function pull<T extends { id: number }>(
  serviceId: number,
  what: 'produits' | 'clients',
  store: (items: T[], supprimes: number[]) => Promise<void>,
): Promise<number> {
  const get = (curseur: string | undefined) =>
    http.get<DeltaPage<T>>(shopPath(serviceId, `catalogue/${what}`), {
      query: { curseur, taille: 5000 },
      // A page of 5,000 products on a slow mobile network takes longer than a sync call.
      signal: AbortSignal.timeout(2 * DELAI_SYNCHRO_MS),
    });
  let page = await get(await getMeta<string>(serviceId, `curseur.${what}`));
  let received = 0;
  for (;;) {
    const next = page.suite ? get(page.curseur) : null;
    // Its failure is handled where it is awaited (a failed write stops before that).
    next?.catch(() => undefined);
    await store(page.items, page.supprimes);
    received += page.items.length;
    await setMeta(serviceId, `curseur.${what}`, page.curseur);
    if (!next) return received;
    page = await next;
  }
}

/** Brings the device's catalogue and customers up to date; returns the time of this refresh. */
export async function refreshCatalogue(serviceId: number): Promise<string> {
  await pull<ProduitCatalogue>(serviceId, 'produits', async (items, supprimes) => {
    await putAll(serviceId, 'produits', items.map(withKey), supprimes);
    noterProduits(serviceId, items, supprimes);
  });
  await pull<ClientCatalogue>(serviceId, 'clients', (items, supprimes) =>
    putAll(
      serviceId,
      'clients',
      items.map((c) => ({ ...c, cle: `${searchKey(c.nom)} ${c.telephone ?? ''}` })),
      supprimes,
    ),
  );
  const at = new Date().toISOString();
  await setMeta(serviceId, 'rafraichi', at);
  return at;
}

export type ProduitsDeltaPage = ProduitsDelta;
export type ClientsDeltaPage = ClientsDelta;

/** The catalogue's product as the point of sale's screens read a product. */
export const asProduit = (p: ProduitCatalogue): Produit => ({
  id: p.id,
  nom: p.nom,
  reference: p.reference,
  codeBarres: p.codeBarres,
  categorie: null,
  marque: null,
  unite: { id: 0, nom: p.uniteNom, symbole: p.uniteSymbole, fractionnable: p.fractionnable },
  prixAchat: 0,
  prixVente: p.prixVente,
  prixGros: p.prixGros,
  tauxTva: p.tauxTva,
  seuilAlerte: 0,
  quantite: p.quantite,
  valeurStock: 0,
  etatStock: p.quantite > 0 ? 'en_stock' : 'rupture',
  image: null,
  description: null,
  actif: p.actif,
  createdAt: p.updatedAt,
  updatedAt: p.updatedAt,
});

const actif = async (p: Promise<ProduitLocal | undefined>) => {
  const found = await p;
  return found?.actif ? found : undefined;
};

/**
 * The active product carrying this barcode on the device, else one of its GTIN zero-paddings
 * (the code as read before a spreadsheet dropped its leading zeros, `gtinZeroPaddings` as the
 * server reads a delivery note), else the one with this reference: each by its index, one read
 * (or from memory, codes-memoire.ts).
 */
export async function produitParCode(serviceId: number, code: string): Promise<Produit | null> {
  const text = code.trim();
  // The same reads from memory once the point of sale has loaded them (codes-memoire.ts).
  const enMemoire = produitEnMemoire(serviceId, text);
  if (enMemoire !== undefined) return enMemoire ? asProduit(enMemoire) : null;
  for (const c of [text, ...gtinZeroPaddings(text)]) {
    const p = await actif(byIndex<ProduitLocal>(serviceId, 'produits', 'codeBarres', c));
    if (p) return asProduit(p);
  }
  const ref = searchKey(text);
  const p = ref ? await actif(byIndex<ProduitLocal>(serviceId, 'produits', 'ref', ref)) : undefined;
  return p ? asProduit(p) : null;
}

/** Enter on a typed text without the network: an exact code or reference, else the first match. */
export async function premierProduit(serviceId: number, text: string): Promise<Produit | null> {
  return (
    (await produitParCode(serviceId, text)) ??
    (await chercherProduits(serviceId, text, 1))[0] ??
    null
  );
}

/**
 * Active products having, for each word of `q`, a word of their name, their barcode or their
 * reference that starts with it (without accents); by name. Read through the `mots` index from
 * the longest word: never a walk of the whole store. No words: the first products (the grid).
 */
export async function chercherProduits(serviceId: number, q: string, size: number) {
  const mots = searchKey(q).split(' ').filter(Boolean);
  const found = new Map<number, ProduitLocal>();
  const visit = (p: ProduitLocal) => {
    if (p.actif && mots.every((m) => (p.mots ?? []).some((w) => w.startsWith(m))))
      found.set(p.id, p);
    return found.size < 500;
  };
  const cle = mots.reduce((a, b) => (b.length > a.length ? b : a), '');
  await scan<ProduitLocal>(
    serviceId,
    'produits',
    visit,
    cle ? { name: 'mots', range: IDBKeyRange.bound(cle, `${cle}\uffff`) } : undefined,
  );
  return [...found.values()]
    .sort((a, b) => compareFrench(a.nom, b.nom) || a.id - b.id)
    .slice(0, size)
    .map(asProduit);
}

/** Customers whose name or phone contains `q` (those created offline included). */
export async function chercherClients(serviceId: number, q: string, size = 10) {
  const needle = searchKey(q.trim());
  const found: ClientLocal[] = [];
  await scan<ClientLocal>(serviceId, 'clients', (c) => {
    if (c.actif && c.cle.includes(needle)) found.push(c);
    return found.length < size;
  });
  return found;
}
