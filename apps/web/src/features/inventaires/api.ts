import type {
  ComptageInput,
  Inventaire,
  InventaireInput,
  InventaireLigne,
  InventaireLignePage,
  InventairePage,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Inventories of the current shop (`…/inventaires`): history, lines, counts, validation. */
export const inventaireKeys = {
  all: (serviceId: number) => ['inventaires', serviceId] as const,
};
export const inventairePath = (serviceId: number, path = '') =>
  shopPath(serviceId, `inventaires${path}`);

export const useInventaires = (serviceId: number) =>
  useQuery({
    queryKey: [...inventaireKeys.all(serviceId), 'list'],
    queryFn: () => http.get<InventairePage>(inventairePath(serviceId), { query: { size: 50 } }),
  });

export const useLignes = (serviceId: number, id: number, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: [...inventaireKeys.all(serviceId), id, 'lignes', query],
    queryFn: () =>
      http.get<InventaireLignePage>(inventairePath(serviceId, `/${id}/lignes`), { query }),
    placeholderData: keepPreviousData,
  });

/** Opening, counting, validating and cancelling refresh the inventories (and the stock after a validation). */
const refreshed = (serviceId: number) => [inventaireKeys.all(serviceId), ['produits', serviceId]];

export const useOuvrir = (serviceId: number) =>
  useShopMutation(
    (body: InventaireInput) => http.post<Inventaire>(inventairePath(serviceId), body),
    refreshed(serviceId),
  );

export const useCompter = (serviceId: number, id: number) =>
  useShopMutation(
    (body: ComptageInput) =>
      http.post<InventaireLigne>(inventairePath(serviceId, `/${id}/comptages`), body),
    [inventaireKeys.all(serviceId)],
  );

export const useCloture = (serviceId: number, id: number, action: 'validation' | 'annulation') =>
  useShopMutation(
    () => http.post<Inventaire>(inventairePath(serviceId, `/${id}/${action}`), {}),
    refreshed(serviceId),
  );
