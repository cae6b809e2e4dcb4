import { AsyncLocalStorage } from 'node:async_hooks';
import { localDate, shopTimeZone } from '@comptoir/shared';

/**
 * The one source of the current time on the server. Every request runs with its app's clock
 * (`buildApp(…, { clock })`, the system clock by default): tests give each app a clock they set,
 * without touching the process's time nor other test files. Code outside a request (start-up,
 * demo data, test factories) runs with `runWithClock(ctx.clock, …)` or falls back to the system.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const currentClock = new AsyncLocalStorage<Clock>();

/**
 * Runs `fn`, and everything it starts, with `clock` as the current time. The system clock outside
 * any other needs no context (`now()` falls back to it): a server on the system clock never turns
 * this AsyncLocalStorage on, which would otherwise carry its store to every promise made.
 */
export const runWithClock = <T>(clock: Clock, fn: () => T): T =>
  clock === systemClock && currentClock.getStore() === undefined
    ? fn()
    : currentClock.run(clock, fn);

/** The clock of the request (or of `runWithClock`); the system's outside any. */
export const currentClockOf = (): Clock => currentClock.getStore() ?? systemClock;

/** The current instant, from the clock of the request (or of `runWithClock`). */
export const now = (): Date => currentClockOf().now();

/** Timestamps are stored as ISO 8601 UTC text, so they sort and compare as strings on both databases. */
export const nowIso = (): string => now().toISOString();
export const isoIn = (ms: number): string => new Date(now().getTime() + ms).toISOString();
export const bool = (value: boolean): number => (value ? 1 : 0);

/** Today's calendar date in UTC, 'YYYY-MM-DD': subscription dates compare with it as strings. */
export const todayUtc = (): string => nowIso().slice(0, 10);

/**
 * The shop's calendar day at `at` (now by default), 'YYYY-MM-DD', in its country's time zone:
 * due dates compare with it as text. Never the server's own clock (UTC in the container).
 */
export const shopToday = (shop: { pays: string | null }, at: Date = now()): string =>
  localDate(at, shopTimeZone(shop.pays));

/** A 'YYYY-MM-DD' date moved by `days` days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
