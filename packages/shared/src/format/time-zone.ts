import type { CountryCode } from '../schemas/countries.js';
import { COUNTRY_ZONES } from './country-zones.js';

/**
 * Time zones of shops, without a library. A shop's clock is its country's (services.pays): the
 * zone of the capital or of most of the population where a country has several. Dates are stored
 * as UTC instants; the shop's calendar day, year and printed times come from its zone.
 */

export const DEFAULT_SHOP_TIME_ZONE = 'Europe/Paris';

const valid = new Map<string, boolean>();

/** True when this runtime knows the zone (an old browser may not know a recent name). */
function knownZone(timeZone: string): boolean {
  let ok = valid.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('fr-FR', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    valid.set(timeZone, ok);
  }
  return ok;
}

/** The IANA zone of a shop from its country code (ISO alpha-2); Europe/Paris when unknown or null. */
export function shopTimeZone(pays: string | null | undefined): string {
  const zone = pays ? COUNTRY_ZONES[pays.toUpperCase() as CountryCode] : undefined;
  return zone && knownZone(zone) ? zone : DEFAULT_SHOP_TIME_ZONE;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock fields of an instant in a zone (Gregorian, 24-hour). */
function wallClock(instant: Date, timeZone: string) {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(instant))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour! % 24,
    minute: p.minute!,
    second: p.second!,
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds (Paris in summer: +7 200 000). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const w = wallClock(new Date(whole), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of an instant in a zone, 'YYYY-MM-DD'. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The calendar year of an instant in a zone. */
export function localYear(instant: Date, timeZone: string): number {
  return wallClock(instant, timeZone).year;
}

/** 'YYYY-MM-DD' plus a number of days (calendar arithmetic, no zone). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * The UTC instant (ISO string) at which the calendar day 'YYYY-MM-DD' starts in the zone.
 * Local midnight minus the offset, tried with the offset in force the day before and the day
 * after (they differ only around a change of time): the earliest that falls on that day. Where
 * midnight does not exist (a change at 00:00 skips to 01:00), the day starts at the change.
 */
export function startOfLocalDayUtc(day: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  const candidates = [
    offsetAt(wallMidnight - DAY_MS, timeZone),
    offsetAt(wallMidnight + DAY_MS, timeZone),
  ]
    .map((offset) => wallMidnight - offset)
    .filter((t) => localDate(new Date(t), timeZone) === day)
    .sort((a, b) => a - b);
  // Every zone has one of them on the day; the other guess would be the day before.
  return new Date(candidates[0] ?? wallMidnight - offsetAt(wallMidnight, timeZone)).toISOString();
}
