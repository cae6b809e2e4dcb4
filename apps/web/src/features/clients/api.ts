import type { Client, ClientInput, ClientPage } from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Customers of the current shop (`/api/services/{serviceId}/clients`). */
export const clientKeys = {
  all: (serviceId: number) => ['clients', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...clientKeys.all(serviceId), 'list', query] as const,
};

export function useClients(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: clientKeys.list(serviceId, query),
    queryFn: () => http.get<ClientPage>(shopPath(serviceId, 'clients'), { query }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateClient = (serviceId: number) =>
  useShopMutation(
    (body: ClientInput) => http.post<Client>(shopPath(serviceId, 'clients'), body),
    [clientKeys.all(serviceId)],
  );
export const useUpdateClient = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: ClientInput }) =>
      http.put<Client>(shopPath(serviceId, `clients/${id}`), body),
    [clientKeys.all(serviceId)],
  );
export const useDeleteClient = (serviceId: number) =>
  useShopMutation(
    (id: number) => http.delete<void>(shopPath(serviceId, `clients/${id}`)),
    [clientKeys.all(serviceId)],
  );
