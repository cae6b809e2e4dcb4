import type {
  AjustementInput,
  CategoriePage,
  ServiceDetail,
  MarquePage,
  MouvementPage,
  Produit,
  ProduitCreate,
  ProduitPage,
  ProduitUpdate,
  UnitePage,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Products of the current shop (`/api/services/{serviceId}/produits`) and their stock ledger. */
export const produitKeys = {
  all: (serviceId: number) => ['produits', serviceId] as const,
  lists: (serviceId: number) => [...produitKeys.all(serviceId), 'list'] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...produitKeys.lists(serviceId), query] as const,
  detail: (serviceId: number, id: number) => [...produitKeys.all(serviceId), 'detail', id] as const,
  mouvements: (serviceId: number, id: number, query: Record<string, QueryValue>) =>
    [...produitKeys.all(serviceId), 'mouvements', id, query] as const,
};

const path = (serviceId: number, rest = '') => shopPath(serviceId, `produits${rest}`);

export function useProduits(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: produitKeys.list(serviceId, query),
    queryFn: () => http.get<ProduitPage>(path(serviceId), { query }),
    placeholderData: keepPreviousData,
  });
}

export function useProduit(serviceId: number, id: number | null) {
  return useQuery({
    queryKey: produitKeys.detail(serviceId, id ?? 0),
    queryFn: () => http.get<Produit>(path(serviceId, `/${id}`)),
    enabled: id !== null,
  });
}

export function useMouvements(serviceId: number, id: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: produitKeys.mouvements(serviceId, id, query),
    queryFn: () => http.get<MouvementPage>(path(serviceId, `/${id}/mouvements`), { query }),
    placeholderData: keepPreviousData,
  });
}

/** Choices of the form and of the filters: the shop's categories and brands, the global units. */
const OPTIONS = { page: 1, size: 200, sort: 'nom,asc' } as const;
export const useCategorieOptions = (serviceId: number) =>
  useQuery({
    queryKey: ['categories', serviceId, 'options'],
    queryFn: () => http.get<CategoriePage>(shopPath(serviceId, 'categories'), { query: OPTIONS }),
    select: (p) => p.items,
  });
export const useMarqueOptions = (serviceId: number, enabled = true) =>
  useQuery({
    queryKey: ['marques', serviceId, 'options'],
    queryFn: () => http.get<MarquePage>(shopPath(serviceId, 'marques'), { query: OPTIONS }),
    select: (p) => p.items,
    enabled,
  });
export const useUniteOptions = () =>
  useQuery({
    queryKey: ['unites', 'options'],
    queryFn: () => http.get<UnitePage>('/api/unites', { query: OPTIONS }),
    select: (p) => p.items,
    staleTime: 5 * 60_000,
  });

/** The VAT rate a new product starts with: the shop's default when it is liable to VAT, else 0. */
export const useDefaultTva = (serviceId: number) =>
  useQuery({
    queryKey: ['services', serviceId, 'detail'],
    queryFn: () => http.get<ServiceDetail>(`/api/services/${serviceId}`),
    select: (shop) => (shop.assujettiTva ? shop.tauxTvaDefaut : 0),
  });

/** Every product write refreshes the products and the counts of categories and brands. */
const touched = (serviceId: number) =>
  [produitKeys.all(serviceId), ['categories', serviceId], ['marques', serviceId]] as const;

export const useCreateProduit = (serviceId: number) =>
  useShopMutation(
    (body: ProduitCreate) => http.post<Produit>(path(serviceId), body),
    touched(serviceId),
  );
export const useUpdateProduit = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: ProduitUpdate }) =>
      http.put<Produit>(path(serviceId, `/${id}`), body),
    touched(serviceId),
  );
export const useDeleteProduit = (serviceId: number) =>
  useShopMutation((id: number) => http.delete<void>(path(serviceId, `/${id}`)), touched(serviceId));
export const useAjustement = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: AjustementInput }) =>
      http.post<unknown>(path(serviceId, `/${id}/ajustements`), body),
    touched(serviceId),
  );

export const useUploadProduitImage = (serviceId: number) =>
  useShopMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<Produit>(path(serviceId, `/${id}/image`), form);
  }, touched(serviceId));
export const useRemoveProduitImage = (serviceId: number) =>
  useShopMutation(
    (id: number) => http.delete<Produit>(path(serviceId, `/${id}/image`)),
    touched(serviceId),
  );

/** The owner deactivates a product (kept with its history) or activates it again. */
export const useSetProduitActif = (serviceId: number) =>
  useShopMutation(
    ({ id, actif }: { id: number; actif: boolean }) =>
      http.post<Produit>(path(serviceId, `/${id}/${actif ? 'activer' : 'desactiver'}`)),
    touched(serviceId),
  );
