import type { TypeVente, TypeVenteInput, TypeVentePage } from '@comptoir/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';

/** Sale types (`/api/types-ventes`), kept by the administrator. */
export const typeVenteKeys = {
  all: ['types-ventes'] as const,
  lists: () => [...typeVenteKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...typeVenteKeys.lists(), query] as const,
  detail: (id: number) => [...typeVenteKeys.all, 'detail', id] as const,
};

export const fetchTypesVentes = (query: Record<string, QueryValue>) =>
  http.get<TypeVentePage>('/api/types-ventes', { query });

export function useTypesVentes(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: typeVenteKeys.list(query),
    queryFn: () => fetchTypesVentes(query),
    placeholderData: keepPreviousData,
  });
}

/** One sale type (an edit dialog opened from the URL), shown at once when the list already holds it. */
export function useTypeVente(id: number | null, listed: TypeVente | undefined) {
  return useQuery({
    queryKey: typeVenteKeys.detail(id ?? 0),
    queryFn: () => http.get<TypeVente>(`/api/types-ventes/${id}`),
    enabled: id !== null,
    ...(listed ? { placeholderData: listed } : {}),
  });
}

function useTypeVenteMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: typeVenteKeys.all }),
  });
}

export const useCreateTypeVente = () =>
  useTypeVenteMutation((body: TypeVenteInput) => http.post<TypeVente>('/api/types-ventes', body));
export const useUpdateTypeVente = () =>
  useTypeVenteMutation(({ id, body }: { id: number; body: TypeVenteInput }) =>
    http.put<TypeVente>(`/api/types-ventes/${id}`, body),
  );
export const useDeleteTypeVente = () =>
  useTypeVenteMutation((id: number) => http.delete<void>(`/api/types-ventes/${id}`));
