import type { Unite, UniteInput, UnitePage } from '@comptoir/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';

/** Units of measure (`/api/unites`), kept by the administrator. */
export const uniteKeys = {
  all: ['unites'] as const,
  lists: () => [...uniteKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...uniteKeys.lists(), query] as const,
  detail: (id: number) => [...uniteKeys.all, 'detail', id] as const,
};

export const fetchUnites = (query: Record<string, QueryValue>) =>
  http.get<UnitePage>('/api/unites', { query });

export function useUnites(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: uniteKeys.list(query),
    queryFn: () => fetchUnites(query),
    placeholderData: keepPreviousData,
  });
}

/** One unit (an edit dialog opened from the URL), shown at once when the list already holds it. */
export function useUnite(id: number | null, listed: Unite | undefined) {
  return useQuery({
    queryKey: uniteKeys.detail(id ?? 0),
    queryFn: () => http.get<Unite>(`/api/unites/${id}`),
    enabled: id !== null,
    ...(listed ? { placeholderData: listed } : {}),
  });
}

function useUniteMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uniteKeys.all }),
  });
}

export const useCreateUnite = () =>
  useUniteMutation((body: UniteInput) => http.post<Unite>('/api/unites', body));
export const useUpdateUnite = () =>
  useUniteMutation(({ id, body }: { id: number; body: UniteInput }) =>
    http.put<Unite>(`/api/unites/${id}`, body),
  );
export const useDeleteUnite = () =>
  useUniteMutation((id: number) => http.delete<void>(`/api/unites/${id}`));
