import 'fake-indexeddb/auto';
import type { ProduitCatalogue } from '@comptoir/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeProduitCatalogue } from '../../../test/fixtures';
import { produitParCode, refreshCatalogue } from './catalogue';
import { chargerCodes } from './codes-memoire';

/**
 * The scan's barcodes and references in memory (codes-memoire.ts) answer exactly what the
 * device's IndexedDB answers, without reading it, before and after refreshes that change prices,
 * move a barcode from one product to another, deactivate and delete products, including a refresh
 * written while the index loads.
 */

const produit = (
  id: number,
  codeBarres: string | null,
  reference: string | null,
  more: Partial<ProduitCatalogue> = {},
): ProduitCatalogue =>
  makeProduitCatalogue(id, { codeBarres, reference, prixVente: 1000 + id, ...more });

const AVANT = [
  produit(1, '3017620422003', 'NUT-750'),
  produit(2, '012345678905', 'LAIT-1'),
  produit(3, '2000000000015', '3017620422003'),
  produit(4, '2000000000022', 'RIZ-5'),
  produit(5, '2000000000039', 'RIZ-50'),
  produit(7, '2000000000053', 'RIZ', { actif: false }),
  // More than one piece of the loader (2,000 products).
  ...Array.from({ length: 2500 }, (_, i) =>
    produit(100 + i, `29${String(i).padStart(11, '0')}`, `M-${i}`),
  ),
];

/** A refresh: a price, a barcode moved to another product, a deactivation, a deletion. */
const CHANGES = {
  items: [
    produit(1, '3017620422003', 'NUT-750', { prixVente: 1999 }),
    produit(5, '2000000000060', 'RIZ-50'),
    produit(6, '2000000000039', 'SUC-1'),
    produit(4, '2000000000022', 'RIZ-5', { actif: false }),
    produit(7, '2000000000053', 'RIZ'),
  ],
  supprimes: [2],
};

const TEXTES = [
  ...new Set(
    [...AVANT.slice(0, 8), ...CHANGES.items].flatMap((p) => [
      p.codeBarres ?? '',
      p.reference ?? '',
    ]),
  ),
  '12345678905',
  'riz-5',
  'nut-750',
  'M-2400',
  '2900000002499',
  'inconnu',
].filter(Boolean);

function serve(pages: Array<{ items: ProduitCatalogue[]; supprimes: number[] }>) {
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const produits = String(input).includes('/catalogue/produits');
      const page = produits
        ? pages[Math.min(n++, pages.length - 1)]!
        : { items: [], supprimes: [] };
      return json(200, { ...page, curseur: `c${n}`, suite: false });
    }),
  );
}

/** What each text finds: id and price, or null. */
const lookups = async (serviceId: number) =>
  Promise.all(
    TEXTES.map(async (t) => {
      const p = await produitParCode(serviceId, t);
      return p ? `${t} → ${p.id} à ${p.prixVente}` : `${t} → rien`;
    }),
  );

afterEach(() => vi.restoreAllMocks());

let shop = 500;

describe('codes-barres en mémoire pour la caisse', () => {
  it('répond comme IndexedDB sans le lire, avant et après un rafraîchissement', async () => {
    const serviceId = ++shop;
    serve([{ items: AVANT, supprimes: [] }, CHANGES]);
    await refreshCatalogue(serviceId);
    const avant = await lookups(serviceId);
    await chargerCodes(serviceId);
    const gets = vi.spyOn(IDBIndex.prototype, 'get');
    expect(await lookups(serviceId)).toEqual(avant);
    expect(gets).not.toHaveBeenCalled();

    await refreshCatalogue(serviceId);
    const memoire = await lookups(serviceId);
    expect(gets).not.toHaveBeenCalled();
    // IndexedDB's answers: another shop's index takes the place of this one.
    await chargerCodes(++shop);
    expect(await lookups(serviceId)).toEqual(memoire);
    expect(gets).toHaveBeenCalled();
    expect(memoire).toContain('3017620422003 → 1 à 1999');
    expect(memoire).toContain('2000000000039 → 6 à 1006');
    expect(memoire).toContain('012345678905 → rien');
    expect(memoire).toContain('2000000000022 → rien');
    expect(memoire).toContain('RIZ → 7 à 1007');
  });

  it('un rafraîchissement écrit pendant le chargement est appliqué', async () => {
    const serviceId = ++shop;
    serve([{ items: AVANT, supprimes: [] }, CHANGES]);
    await refreshCatalogue(serviceId);
    const charge = chargerCodes(serviceId);
    await refreshCatalogue(serviceId);
    await charge;
    const memoire = await lookups(serviceId);
    await chargerCodes(++shop);
    expect(await lookups(serviceId)).toEqual(memoire);
    expect(memoire).toContain('2000000000060 → 5 à 1005');
  });
});
