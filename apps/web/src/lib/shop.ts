import { localDate, shopTimeZone } from '@comptoir/shared';
import { todayIso } from './dates';
import { useSession } from './use-session';
import { useShopSummary } from './account-queries';

/** Address of a resource of shop `serviceId`: `/api/services/{serviceId}/{path}`. */
export const shopPath = (serviceId: number, path: string): string =>
  `/api/services/${serviceId}/${path}`;

/**
 * localStorage key of the register this device sells on, in shop `serviceId`: the register
 * screens remember it, the offline counter numbers in its series.
 */
export const caisseAppareilKey = (serviceId: number): string => `comptoir.caisse.${serviceId}`;

/**
 * This device's own id (made once, kept in localStorage): the server records which device chose
 * each register, so that another device sees it before choosing the same one.
 */
export function appareilId(): string {
  const key = 'comptoir.appareil';
  let id = localStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(key, id);
  }
  return id;
}

/**
 * The current shop (localStorage `service`) and what screens need of it: its id for the shop-scoped
 * calls, its currency for amounts, its country for phone numbers and its clock (`timeZone`, for
 * the times of its documents; undefined, i.e. the device's, until the shop is loaded).
 */
export function useCurrentShop() {
  const { service } = useSession();
  const summary = useShopSummary(service?.id);
  return {
    serviceId: service?.id ?? null,
    nom: service?.nom ?? '',
    devise: summary.data?.devise ?? null,
    pays: summary.data?.pays ?? null,
    timeZone: summary.data ? shopTimeZone(summary.data.pays) : undefined,
  };
}

/**
 * Today as the shop's calendar day ('YYYY-MM-DD' on its clock), the day the server checks dates
 * against (an expense is not after it, a due date not before it); the device's day until the shop
 * is loaded. A browser in Paris is already on the next day at 23:30 UTC while a Dakar shop is not.
 */
export function useShopToday(now: Date = new Date()): string {
  const { timeZone } = useCurrentShop();
  return timeZone ? localDate(now, timeZone) : todayIso(now);
}
