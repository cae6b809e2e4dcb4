import { localDate, shopTimeZone } from '@comptoir/shared';

/** Timestamps are stored as ISO 8601 UTC text, so they sort and compare as strings on both databases. */
export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
export const bool = (value: boolean): number => (value ? 1 : 0);

/** Today's calendar date in UTC, 'YYYY-MM-DD': subscription dates compare with it as strings. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * The shop's calendar day at `at` (now by default), 'YYYY-MM-DD', in its country's time zone:
 * due dates compare with it as text. Never the server's own clock (UTC in the container).
 */
export const shopToday = (shop: { pays: string | null }, at: Date = new Date()): string =>
  localDate(at, shopTimeZone(shop.pays));

/** A 'YYYY-MM-DD' date moved by `days` days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
