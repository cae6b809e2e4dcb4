import 'fake-indexeddb/auto';
import { compareFrench, type ProduitCatalogue } from '@comptoir/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeProduitCatalogue } from '../../../test/fixtures';
import { chercherProduits, premierProduit, produitParCode, refreshCatalogue } from './catalogue';

/**
 * The device's catalogue read without the network (docs/regles-metier.md « Vente hors ligne »),
 * in a real IndexedDB implementation (fake-indexeddb): Enter finds an exact barcode, then its GTIN
 * zero-paddings, then an exact reference, then a prefix; the exact reads go through the indexes
 * and nothing walks the whole store.
 */

const produit = (
  id: number,
  nom: string,
  codeBarres: string | null,
  reference: string | null,
  actif = true,
): ProduitCatalogue => makeProduitCatalogue(id, { nom, codeBarres, reference, actif });

const CATALOGUE = [
  produit(1, 'Pâte à tartiner 750 g', '3017620422003', 'NUT-750'),
  // A UPC-A kept with its leading zero: scanned or typed without it (11 digits).
  produit(2, 'Lait concentré', '012345678905', 'LAIT-1'),
  // References equal to another product's code: the code wins.
  produit(3, 'Café moulu', '2000000000015', '3017620422003'),
  produit(6, 'Sucre en morceaux', '2000000000046', '12345678905'),
  produit(4, 'Riz brisé 25 kg', '2000000000022', 'RIZ-5'),
  produit(5, 'Riz parfumé 5 kg', '2000000000039', 'RIZ-50'),
  produit(7, 'Riz ancien', '2000000000053', 'RIZ', false),
];

/** The server's catalogue pages (one page of products, no customers). */
function serve(items: ProduitCatalogue[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const produits = url.includes('/catalogue/produits');
      return json(200, {
        items: produits ? items : [],
        supprimes: [],
        curseur: 'c1',
        suite: false,
      });
    }),
  );
}

/** Counts the walks of the products store and the exact reads of its indexes. */
function reads() {
  const walks = vi.spyOn(IDBObjectStore.prototype, 'openCursor');
  const gets = vi.spyOn(IDBIndex.prototype, 'get');
  return {
    walks: () => walks.mock.calls.length,
    /** Each exact read: « index:key ». */
    gets: () =>
      gets.mock.calls.map((c, i) => `${(gets.mock.contexts[i] as IDBIndex).name}:${String(c[0])}`),
  };
}

afterEach(() => vi.restoreAllMocks());

let shop = 100;

describe('catalogue hors ligne : Entrée', () => {
  it('code-barres exact, puis ses zéros GTIN, puis la référence exacte, puis un préfixe ; jamais un produit inactif', async () => {
    const serviceId = ++shop;
    serve(CATALOGUE);
    await refreshCatalogue(serviceId);
    const id = async (text: string) => (await premierProduit(serviceId, text))?.id ?? null;
    expect(await id('3017620422003')).toBe(1);
    expect(await id('12345678905')).toBe(2);
    expect(await id('NUT-750')).toBe(1);
    // Exact reference, whatever the case, before a longer one that starts with it.
    expect(await id('riz-5')).toBe(4);
    expect(await id('RIZ-50')).toBe(5);
    // « RIZ » is the reference of an inactive product: the prefix matches, by name.
    expect(await id('riz')).toBe(4);
    expect(await id('parf')).toBe(5);
    expect(await id('riz parfu')).toBe(5);
    expect(await id('cafe')).toBe(3);
    expect(await id('lait-')).toBe(2);
    expect(await id('200000000003')).toBe(5);
    expect(await id('fume')).toBeNull();
    expect(await id('inconnu')).toBeNull();
    // The scan path (lookupBarcode without the network) stops at the exact matches.
    expect((await produitParCode(serviceId, '12345678905'))?.id).toBe(2);
    expect(await produitParCode(serviceId, 'riz')).toBeNull();
  });

  it('les correspondances exactes se lisent par les index, sans parcourir le magasin ; le préfixe aussi', async () => {
    const serviceId = ++shop;
    serve(CATALOGUE);
    await refreshCatalogue(serviceId);
    const r = reads();
    expect((await premierProduit(serviceId, '3017620422003'))?.id).toBe(1);
    expect((await premierProduit(serviceId, '12345678905'))?.id).toBe(2);
    expect((await premierProduit(serviceId, 'riz-5'))?.id).toBe(4);
    expect(r.gets()).toEqual([
      'codeBarres:3017620422003',
      'codeBarres:12345678905',
      'codeBarres:012345678905',
      'codeBarres:riz-5',
      'ref:riz-5',
    ]);
    expect((await chercherProduits(serviceId, 'riz', 8)).map((p) => p.id)).toEqual([4, 5]);
    expect(r.walks()).toBe(0);
  });

  it('les correspondances sont dans l’ordre français du serveur (clé de tri), à nom égal par numéro', async () => {
    const serviceId = ++shop;
    const noms = [
      'Zongo riz',
      'riz _vrac',
      'Émile riz',
      'œuf riz',
      'riz 5 kg',
      'eau riz',
      'Éric riz',
    ];
    serve([
      ...noms.map((nom, i) => produit(20 + i, nom, null, null)),
      produit(40, 'riz 5 kg', null, null),
    ]);
    await refreshCatalogue(serviceId);
    const found = (await chercherProduits(serviceId, 'riz', 20)).map((p) => [p.nom, p.id]);
    // The server's order (frenchSortKey, then id): digits before « _ », which ICU's French
    // collation (localeCompare) puts first.
    expect(found).toEqual([
      ['eau riz', 25],
      ['Émile riz', 22],
      ['Éric riz', 26],
      ['œuf riz', 23],
      ['riz 5 kg', 24],
      ['riz 5 kg', 40],
      ['riz _vrac', 21],
      ['Zongo riz', 20],
    ]);
    expect(found.map(([nom]) => nom)).toEqual(
      [...found.map(([nom]) => String(nom))].sort(compareFrench),
    );
  });

  it('un appareil de la version précédente (sans les index) garde son catalogue, indexé à l’ouverture', async () => {
    const serviceId = ++shop;
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open(`comptoir-boutique-${serviceId}`, 1);
      req.onupgradeneeded = () => {
        const d = req.result;
        const produits = d.createObjectStore('produits', { keyPath: 'id' });
        produits.createIndex('codeBarres', 'codeBarres');
        d.createObjectStore('clients', { keyPath: 'id' });
        d.createObjectStore('file', { keyPath: 'cle' });
        d.createObjectStore('meta', { keyPath: 'cle' });
        for (const p of CATALOGUE) produits.put({ ...p, cle: p.nom.toLowerCase() });
      };
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error);
    });
    expect((await premierProduit(serviceId, 'RIZ-50'))?.id).toBe(5);
    expect((await premierProduit(serviceId, 'parf'))?.id).toBe(5);
  });
});
