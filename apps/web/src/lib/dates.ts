import { formatDate } from '@comptoir/shared';

/**
 * Calendar days ('YYYY-MM-DD') as the API sends them, and the local Date objects of PrimeReact's
 * Calendar. A day is not an instant: no time zone conversion between the two.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local Date (from a Calendar) → 'YYYY-MM-DD'. */
export function toIsoDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → local Date at midnight (for a Calendar), or null when not a day. */
export function fromIsoDay(day: string | null | undefined): Date | null {
  const match = day ? ISO_DAY.exec(day) : null;
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(y, m - 1, d);
}

/** "20/11/2026" for a day 'YYYY-MM-DD', whatever the browser's time zone. */
export function formatDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`, 'UTC');
}

/** Today as 'YYYY-MM-DD' in the browser's time zone. */
export function todayIso(now = new Date()): string {
  return toIsoDay(now);
}

/**
 * Today as the platform counts subscriptions: the UTC day (the server's `todayUtc`). A browser in
 * Paris is already on the next day from 23:00 UTC; a subscription started on that day would be
 * « à venir » for an hour.
 */
export function todayUtcIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The day `days` after 'YYYY-MM-DD' (negative: before). */
export function addDaysIso(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
