import type {
  Abonnement,
  AbonnementCreate,
  AbonnementPage,
  AbonnementRenew,
  AbonnementUpdate,
  CurrentSubscription,
  Plan,
  PlanInput,
  PlanPage,
  UserPage,
} from '@comptoir/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';

/** Plans, subscriptions and the caller's current subscription, all under one key root. */
export const abonnementKeys = {
  all: ['abonnements'] as const,
  plans: () => [...abonnementKeys.all, 'plans'] as const,
  planList: (query: Record<string, QueryValue>) =>
    [...abonnementKeys.plans(), 'list', query] as const,
  planChoices: () => [...abonnementKeys.plans(), 'choices'] as const,
  lists: () => [...abonnementKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...abonnementKeys.lists(), query] as const,
  detail: (id: number) => [...abonnementKeys.all, 'detail', id] as const,
  current: () => [...abonnementKeys.all, 'courant'] as const,
  currentOf: (serviceId: number | null) => [...abonnementKeys.current(), serviceId ?? 0] as const,
};

export function usePlans(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: abonnementKeys.planList(query),
    queryFn: () => http.get<PlanPage>('/api/abonnements/plans', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Plans that may be chosen for a subscription: not retired, by name. */
export function usePlanChoices() {
  return useQuery({
    queryKey: abonnementKeys.planChoices(),
    queryFn: () =>
      http.get<PlanPage>('/api/abonnements/plans', {
        query: { page: 1, size: 200, sort: 'nom,asc', retire: false },
      }),
    select: (page) => page.items,
  });
}

export function useAbonnements(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: abonnementKeys.list(query),
    queryFn: () => http.get<AbonnementPage>('/api/abonnements', { query }),
    placeholderData: keepPreviousData,
  });
}

/** One subscription (a dialog opened from the URL), shown at once when the list already holds it. */
export function useAbonnement(id: number | null, listed: Abonnement | undefined) {
  return useQuery({
    queryKey: abonnementKeys.detail(id ?? 0),
    queryFn: () => http.get<Abonnement>(`/api/abonnements/${id}`),
    enabled: id !== null,
    ...(listed ? { placeholderData: listed } : {}),
  });
}

/** Owners to subscribe, searched on the server (users' key root: a new owner shows at once). */
export function useOwnerChoices(q: string) {
  return useQuery({
    queryKey: ['users', 'proprietaires', q] as const,
    queryFn: () =>
      http.get<UserPage>('/api/users', {
        query: { role: 'ROLE_PROPRIETAIRE', page: 1, size: 20, sort: 'nom,asc', q: q || undefined },
      }),
    select: (page) => page.items,
    placeholderData: keepPreviousData,
  });
}

/** What the banner shows: the subscription covering the caller, or the shop `serviceId`. */
export function useCurrentSubscription(serviceId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: abonnementKeys.currentOf(serviceId),
    queryFn: () =>
      http.get<CurrentSubscription>('/api/abonnements/courant', {
        query: { serviceId: serviceId ?? undefined },
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

function useAbonnementMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: abonnementKeys.all }),
  });
}

export const useCreatePlan = () =>
  useAbonnementMutation((body: PlanInput) => http.post<Plan>('/api/abonnements/plans', body));
export const useUpdatePlan = () =>
  useAbonnementMutation(({ id, body }: { id: number; body: PlanInput }) =>
    http.put<Plan>(`/api/abonnements/plans/${id}`, body),
  );
export const useRetirePlan = () =>
  useAbonnementMutation((id: number) => http.post<Plan>(`/api/abonnements/plans/${id}/retirer`));

export const useCreateAbonnement = () =>
  useAbonnementMutation((body: AbonnementCreate) =>
    http.post<Abonnement>('/api/abonnements', body),
  );
export const useUpdateAbonnement = () =>
  useAbonnementMutation(({ id, body }: { id: number; body: AbonnementUpdate }) =>
    http.put<Abonnement>(`/api/abonnements/${id}`, body),
  );
export const useRenewAbonnement = () =>
  useAbonnementMutation(({ id, body }: { id: number; body: AbonnementRenew }) =>
    http.post<Abonnement>(`/api/abonnements/${id}/renouveler`, body),
  );
export const useSetSuspended = () =>
  useAbonnementMutation(({ id, suspendu }: { id: number; suspendu: boolean }) =>
    http.post<Abonnement>(`/api/abonnements/${id}/${suspendu ? 'suspendre' : 'reactiver'}`),
  );
