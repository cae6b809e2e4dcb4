import { gtinZeroPaddings, searchKey, type ProduitCatalogue } from '@comptoir/shared';
import { pageOf } from './idb';
import type { ChampsIndex } from './index-produits';

/**
 * The device catalogue's active products by barcode and by reference, in memory, for the
 * counter's scan. IndexedDB answers an exact read in 5 to 20 ms (a round trip to the browser's
 * storage process), which with the next frame put « scan → line on screen » over its 30 ms
 * (bench/hors-ligne.mjs); a Map answers at once. One shop at a time (the point of sale's), loaded
 * from IndexedDB in pieces when the point of sale opens (about 1 s of background work and 25 MB at
 * 100,000 products), then kept by every catalogue refresh (catalogue.ts) after it has written. Until
 * it is loaded, lookups read IndexedDB.
 */

const PAGE = 2000;

interface Index {
  serviceId: number;
  parCode: Map<string, ProduitCatalogue>;
  parRef: Map<string, ProduitCatalogue>;
  /** Each product's keys, to take them back when it changes. */
  cles: Map<number, { code: string | null; ref: string }>;
  pret: boolean;
  /** Refreshes written while the index was loading, applied once it is. */
  attente: Array<{ items: ProduitCatalogue[]; supprimes: number[] }>;
  charge: Promise<void>;
}

let index: Index | null = null;

/** What the point of sale reads of a product: the indexes' fields (index-produits.ts) stay out. */
const copie = (p: ProduitCatalogue & Partial<ChampsIndex>): ProduitCatalogue => {
  const { mots: _mots, ref: _ref, ...produit } = p;
  return produit;
};

function retirer(ix: Index, id: number) {
  const k = ix.cles.get(id);
  if (!k) return;
  if (k.code !== null && ix.parCode.get(k.code)?.id === id) ix.parCode.delete(k.code);
  if (k.ref && ix.parRef.get(k.ref)?.id === id) ix.parRef.delete(k.ref);
  ix.cles.delete(id);
}

function appliquer(ix: Index, items: readonly ProduitCatalogue[], supprimes: readonly number[]) {
  for (const id of supprimes) retirer(ix, id);
  for (const p of items) {
    retirer(ix, p.id);
    if (!p.actif) continue;
    const c = copie(p);
    const ref = c.reference ? searchKey(c.reference) : '';
    if (c.codeBarres !== null) ix.parCode.set(c.codeBarres, c);
    if (ref) ix.parRef.set(ref, c);
    ix.cles.set(c.id, { code: c.codeBarres, ref });
  }
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Loads the shop's index (once; another shop's is dropped). Resolves when it is ready. */
export function chargerCodes(serviceId: number): Promise<void> {
  if (index?.serviceId === serviceId) return index.charge;
  const ix: Index = {
    serviceId,
    parCode: new Map(),
    parRef: new Map(),
    cles: new Map(),
    pret: false,
    attente: [],
    charge: Promise.resolve(),
  };
  index = ix;
  ix.charge = (async () => {
    let after: number | undefined;
    for (;;) {
      const page = await pageOf<ProduitCatalogue>(serviceId, 'produits', after, PAGE);
      appliquer(ix, page, []);
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.id;
      // The scans and the screen go first between two pieces.
      await pause();
    }
    for (const a of ix.attente) appliquer(ix, a.items, a.supprimes);
    ix.attente = [];
    ix.pret = true;
  })().catch(() => {
    // Unreadable storage: lookups keep reading IndexedDB.
    if (index === ix) index = null;
  });
  return ix.charge;
}

/** A catalogue refresh has written these products and deletions to the device. */
export function noterProduits(
  serviceId: number,
  items: readonly ProduitCatalogue[],
  supprimes: readonly number[],
): void {
  const ix = index;
  if (ix?.serviceId !== serviceId) return;
  if (ix.pret) appliquer(ix, items, supprimes);
  else ix.attente.push({ items: [...items], supprimes: [...supprimes] });
}

/**
 * The active product carrying this barcode, else one of its GTIN zero-paddings, else the one with
 * this reference (as catalogue.ts reads IndexedDB); null when none; undefined while the index is
 * not loaded.
 */
export function produitEnMemoire(
  serviceId: number,
  text: string,
): ProduitCatalogue | null | undefined {
  const ix = index;
  if (!ix?.pret || ix.serviceId !== serviceId) return undefined;
  for (const c of [text, ...gtinZeroPaddings(text)]) {
    const p = ix.parCode.get(c);
    if (p) return p;
  }
  const ref = searchKey(text);
  return (ref && ix.parRef.get(ref)) || null;
}
