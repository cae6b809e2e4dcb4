import type { ServicePage, UserCreate, UserItem, UserPage, UserUpdate } from '@comptoir/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopKeys } from '../../lib/account-queries';
import { http, type QueryValue } from '../../lib/http';

/** Users (`/api/users`): the admin's every account, the owner's managers. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export const fetchUsers = (query: Record<string, QueryValue>) =>
  http.get<UserPage>('/api/users', { query });
export const fetchUser = (id: number) => http.get<UserItem>(`/api/users/${id}`);

export function useUsers(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => fetchUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: () => fetchUser(id!),
    enabled: id !== null,
  });
}

/** The owner's own active shops, to choose a manager's shops from (under the shops' key root). */
export function useOwnShops(enabled: boolean) {
  return useQuery({
    queryKey: [...shopKeys.all, 'options', 'own'] as const,
    queryFn: () =>
      http.get<ServicePage>('/api/services', {
        query: { page: 1, size: 200, sort: 'nom,asc', active: true },
      }),
    select: (page) => page.items.map((s) => ({ id: s.id, nom: s.nom })),
    enabled,
  });
}

/** Every user mutation answers the user: lists and that user's detail are refreshed. */
function useUserMutation<V>(call: (variables: V) => Promise<UserItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export const useCreateUser = () =>
  useUserMutation((body: UserCreate) => http.post<UserItem>('/api/users', body));

export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: number; body: UserUpdate }) =>
    http.put<UserItem>(`/api/users/${id}`, body),
  );

export const useSetUserActive = () =>
  useUserMutation(({ id, active }: { id: number; active: boolean }) =>
    http.post<UserItem>(`/api/users/${id}/${active ? 'activer' : 'desactiver'}`),
  );
