import { useSession } from './use-session';
import { useShopSummary } from './account-queries';

/** Address of a resource of shop `serviceId`: `/api/services/{serviceId}/{path}`. */
export const shopPath = (serviceId: number, path: string): string => `/api/services/${serviceId}/${path}`;

/**
 * The current shop (localStorage `service`) and what screens need of it: its id for the shop-scoped
 * calls, its currency for amounts, its country for phone numbers.
 */
export function useCurrentShop() {
  const { service } = useSession();
  const summary = useShopSummary(service?.id);
  return {
    serviceId: service?.id ?? null,
    nom: service?.nom ?? '',
    devise: summary.data?.devise ?? null,
    pays: summary.data?.pays ?? null,
  };
}
