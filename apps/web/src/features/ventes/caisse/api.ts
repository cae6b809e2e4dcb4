import type { Produit, ProduitPage } from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../../../lib/errors';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { toCartProduct, type CartProduct } from '../../../components/document/cart';
import { chercherProduits, premierProduit, produitParCode } from '../hors-ligne/catalogue';

/** Online first; without the network (or when the request cannot leave), the device's catalogue. */
async function orLocal<T>(online: () => Promise<T>, local: () => Promise<T>): Promise<T> {
  if (!navigator.onLine) return local();
  try {
    return await online();
  } catch (error) {
    if (error instanceof NetworkError) return local();
    throw error;
  }
}

const localPage = async (serviceId: number, q: string, size: number): Promise<ProduitPage> => {
  const items = await chercherProduits(serviceId, q, size);
  return { items, total: items.length, page: 1, size };
};

/**
 * Products seen by the point of sale (grid, suggestions, scans), by barcode: a scanned code
 * found here is added without any request (target: under 50 ms from Enter to the line).
 */
export class ProductCache {
  private readonly byCode = new Map<string, CartProduct>();
  remember(produits: readonly Produit[]): void {
    for (const p of produits)
      if (p.codeBarres && p.actif) this.byCode.set(p.codeBarres, toCartProduct(p));
  }
  get(code: string): CartProduct | undefined {
    return this.byCode.get(code);
  }
  get size(): number {
    return this.byCode.size;
  }
}

const produits = (serviceId: number) => shopPath(serviceId, 'produits');

/** One request to the barcode endpoint; null when no active product carries that code. */
export function lookupBarcode(serviceId: number, code: string): Promise<Produit | null> {
  return orLocal(
    () => lookupOnline(serviceId, code),
    () => produitParCode(serviceId, code),
  );
}

async function lookupOnline(serviceId: number, code: string): Promise<Produit | null> {
  try {
    const p = await http.get<Produit>(
      `${produits(serviceId)}/code-barres/${encodeURIComponent(code)}`,
    );
    return p.actif ? p : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const searchOnline = (serviceId: number, q: string, size: number) =>
  http.get<ProduitPage>(produits(serviceId), { query: { q, actif: true, size, sort: 'nom,asc' } });

export const searchProduits = (serviceId: number, q: string, size = 8) =>
  orLocal(
    () => searchOnline(serviceId, q, size),
    () => localPage(serviceId, q, size),
  );

/**
 * Enter on a typed text: the server's first match; without the network, an exact barcode or
 * reference of the device's catalogue by its indexes, else the first prefix match.
 */
export const firstMatch = (serviceId: number, q: string): Promise<Produit | null> =>
  orLocal(
    async () => (await searchOnline(serviceId, q, 1)).items[0] ?? null,
    () => premierProduit(serviceId, q),
  );

/** Matches of the typed text (debounced by the caller). */
export function useSuggestions(serviceId: number, q: string, cache: ProductCache) {
  return useQuery({
    queryKey: ['produits', serviceId, 'pos-suggestions', q],
    queryFn: async () => {
      const page = await searchProduits(serviceId, q);
      cache.remember(page.items);
      return page.items;
    },
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A page of the product grid (one category, or all). */
export function useGrid(
  serviceId: number,
  categorieId: number | null,
  cache: ProductCache,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['produits', serviceId, 'pos-grid', categorieId],
    queryFn: async () => {
      const page = await orLocal(
        () =>
          http.get<ProduitPage>(produits(serviceId), {
            query: {
              actif: true,
              size: 48,
              sort: 'nom,asc',
              categorieId: categorieId ?? undefined,
            },
          }),
        () => localPage(serviceId, '', 48),
      );
      cache.remember(page.items);
      return page.items;
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
