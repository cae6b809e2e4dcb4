import { QueryClientProvider } from '@tanstack/react-query';
import { SubscriptionBanner } from '../features/abonnements/SubscriptionBanner';
import { AppLayout } from '../layout/AppLayout';
import { queryClient } from './query-client';

/** The logged-in shell, loaded on demand with React Query (the login screen needs neither). */
export default function ShellRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout banners={<SubscriptionBanner />} />
    </QueryClientProvider>
  );
}
