import { MutationCache, QueryClient } from '@tanstack/react-query';
import { abonnementKeys } from '../features/abonnements/api';
import { ApiError } from '../lib/errors';

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again; network errors and 5xx get two more tries.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
  mutationCache: new MutationCache({
    // A write refused for want of a subscription: the banner reads the status again at once.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SUBSCRIPTION_REQUIRED') {
        void queryClient.invalidateQueries({ queryKey: abonnementKeys.current() });
      }
    },
  }),
});
