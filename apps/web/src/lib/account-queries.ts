import type { SessionUser, ServiceSummary } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from './http';
import { setUser } from './session';

/** Queries of the connected account and of the current shop, read by the shell and by screens. */
export const accountKeys = {
  all: ['account'] as const,
  detail: () => [...accountKeys.all, 'detail'] as const,
};

export const shopKeys = {
  all: ['services'] as const,
  summary: (id: number) => [...shopKeys.all, id, 'summary'] as const,
};

/** GET /api/account; the stored user (and its list of shops) follows. */
export function useAccount() {
  return useQuery({
    queryKey: accountKeys.detail(),
    queryFn: async () => {
      const user = await http.get<SessionUser>('/api/account');
      setUser(user);
      return user;
    },
  });
}

/** GET /api/services/{id}: name, currency, town and country of the current shop. */
export function useShopSummary(serviceId: number | undefined) {
  return useQuery({
    queryKey: shopKeys.summary(serviceId ?? 0),
    queryFn: () => http.get<ServiceSummary>(`/api/services/${serviceId}`),
    enabled: serviceId !== undefined,
    staleTime: 5 * 60_000,
  });
}
