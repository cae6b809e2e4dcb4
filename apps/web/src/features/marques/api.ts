import type { Marque, MarqueInput, MarquePage } from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Marques of the current shop (`/api/services/{serviceId}/marques`). */
export const marqueKeys = {
  all: (serviceId: number) => ['marques', serviceId] as const,
  lists: (serviceId: number) => [...marqueKeys.all(serviceId), 'list'] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...marqueKeys.lists(serviceId), query] as const,
};

export function useMarques(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: marqueKeys.list(serviceId, query),
    queryFn: () => http.get<MarquePage>(shopPath(serviceId, 'marques'), { query }),
    placeholderData: keepPreviousData,
  });
}

/** Writes refresh the marques and the products, which show their name. */
const touched = (serviceId: number) =>
  [marqueKeys.all(serviceId), ['produits', serviceId]] as const;

export const useCreateMarque = (serviceId: number) =>
  useShopMutation(
    (body: MarqueInput) => http.post<Marque>(shopPath(serviceId, 'marques'), body),
    touched(serviceId),
  );
export const useUpdateMarque = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: MarqueInput }) =>
      http.put<Marque>(shopPath(serviceId, `marques/${id}`), body),
    touched(serviceId),
  );
export const useDeleteMarque = (serviceId: number) =>
  useShopMutation(
    (id: number) => http.delete<void>(shopPath(serviceId, `marques/${id}`)),
    touched(serviceId),
  );
