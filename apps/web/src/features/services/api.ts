import type { ServiceDetail, ServiceInput, ServicePage } from '@comptoir/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys, shopKeys } from '../../lib/account-queries';
import { http, type QueryValue } from '../../lib/http';

/** Shops (`/api/services`), under the same key root as the shell's current-shop query. */
export const serviceKeys = {
  all: shopKeys.all,
  lists: () => [...serviceKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...serviceKeys.lists(), query] as const,
  detail: (id: number) => [...serviceKeys.all, id, 'detail'] as const,
};

export const fetchServices = (query: Record<string, QueryValue>) =>
  http.get<ServicePage>('/api/services', { query });
export const fetchService = (id: number) => http.get<ServiceDetail>(`/api/services/${id}`);

export function useServices(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: serviceKeys.list(query),
    queryFn: () => fetchServices(query),
    placeholderData: keepPreviousData,
  });
}

export function useService(id: number | null) {
  return useQuery({
    queryKey: serviceKeys.detail(id ?? 0),
    queryFn: () => fetchService(id!),
    enabled: id !== null,
  });
}

/**
 * Every shop mutation answers the shop: its detail is stored, every shop query is refreshed, and
 * so is the account, whose `services` feed the stored list and the top bar's switcher.
 */
function useServiceMutation<V>(call: (variables: V) => Promise<ServiceDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (service) => {
      queryClient.setQueryData(serviceKeys.detail(service.id), service);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]);
    },
  });
}

export const useCreateService = () =>
  useServiceMutation((body: ServiceInput) => http.post<ServiceDetail>('/api/services', body));

export const useUpdateService = () =>
  useServiceMutation(({ id, body }: { id: number; body: ServiceInput }) =>
    http.put<ServiceDetail>(`/api/services/${id}`, body),
  );

export const useSetServiceActive = () =>
  useServiceMutation(({ id, active }: { id: number; active: boolean }) =>
    http.post<ServiceDetail>(`/api/services/${id}/${active ? 'activer' : 'desactiver'}`),
  );

export const useUploadLogo = () =>
  useServiceMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<ServiceDetail>(`/api/services/${id}/logo`, form);
  });

export const useRemoveLogo = () =>
  useServiceMutation((id: number) => http.delete<ServiceDetail>(`/api/services/${id}/logo`));
