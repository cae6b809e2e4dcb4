import type {
  Impression,
  VenteMouvement,
  Retour,
  RetourInput,
  UserPage,
  Vente,
  VentePage,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { useShopMutation } from '../../../lib/shop-mutation';

/** Sales of the current shop (`/api/services/{serviceId}/ventes`), their returns and receipts. */
export const venteKeys = {
  all: (serviceId: number) => ['ventes', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...venteKeys.all(serviceId), 'list', query] as const,
  detail: (serviceId: number, id: number) => [...venteKeys.all(serviceId), 'detail', id] as const,
  mouvements: (serviceId: number, id: number) =>
    [...venteKeys.all(serviceId), 'mouvements', id] as const,
};

export const ventePath = (serviceId: number, rest = '') => shopPath(serviceId, `ventes${rest}`);

export function useVentes(serviceId: number, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: venteKeys.list(serviceId, query),
    queryFn: () => http.get<VentePage>(ventePath(serviceId), { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useVente(serviceId: number, id: number) {
  return useQuery({
    queryKey: venteKeys.detail(serviceId, id),
    queryFn: () => http.get<Vente>(ventePath(serviceId, `/${id}`)),
  });
}

export function useVenteMouvements(serviceId: number, id: number) {
  return useQuery({
    queryKey: venteKeys.mouvements(serviceId, id),
    queryFn: () => http.get<VenteMouvement[]>(ventePath(serviceId, `/${id}/mouvements`)),
  });
}

/**
 * The sellers the filter offers: the owner lists the managers of the shop (`GET /api/users`);
 * a manager may not list accounts, so the filter is the owner's only.
 */
export function useVendeurOptions(serviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'vendeurs', serviceId],
    queryFn: () =>
      http.get<UserPage>('/api/users', { query: { page: 1, size: 200, sort: 'nom,asc' } }),
    select: (page) => page.items.filter((u) => u.services.some((s) => s.id === serviceId)),
    enabled,
  });
}

/** A return touches the sale, its customer's account and debts, and the stock of its products. */
const touched = (serviceId: number) =>
  [
    venteKeys.all(serviceId),
    ['produits', serviceId],
    ['dettes', serviceId],
    ['clients', serviceId],
  ] as const;

export const useCreateRetour = (serviceId: number, venteId: number) =>
  useShopMutation(
    (body: RetourInput) => http.post<Retour>(ventePath(serviceId, `/${venteId}/retours`), body),
    touched(serviceId),
  );

/** Records one printed receipt; the answer says whether it is a duplicate. */
export const useImpression = (serviceId: number, venteId: number) =>
  useShopMutation(
    () => http.post<Impression>(ventePath(serviceId, `/${venteId}/impressions`)),
    [venteKeys.detail(serviceId, venteId)],
  );
