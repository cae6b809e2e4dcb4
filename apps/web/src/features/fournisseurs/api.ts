import type { Fournisseur, FournisseurInput, FournisseurPage } from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Suppliers of the current shop (`/api/services/{serviceId}/fournisseurs`). */
export const fournisseurKeys = {
  all: (serviceId: number) => ['fournisseurs', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...fournisseurKeys.all(serviceId), 'list', query] as const,
};

export function useFournisseurs(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: fournisseurKeys.list(serviceId, query),
    queryFn: () => http.get<FournisseurPage>(shopPath(serviceId, 'fournisseurs'), { query }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateFournisseur = (serviceId: number) =>
  useShopMutation(
    (body: FournisseurInput) => http.post<Fournisseur>(shopPath(serviceId, 'fournisseurs'), body),
    [fournisseurKeys.all(serviceId)],
  );
export const useUpdateFournisseur = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: FournisseurInput }) =>
      http.put<Fournisseur>(shopPath(serviceId, `fournisseurs/${id}`), body),
    [fournisseurKeys.all(serviceId)],
  );
export const useDeleteFournisseur = (serviceId: number) =>
  useShopMutation(
    (id: number) => http.delete<void>(shopPath(serviceId, `fournisseurs/${id}`)),
    [fournisseurKeys.all(serviceId)],
  );
