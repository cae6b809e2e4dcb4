import { sql, type RawBuilder } from 'kysely';
import { addDays, joursDe, localDate, startOfLocalDayUtc, type Jours } from '@comptoir/shared';

/**
 * Grouping by the shop's day and hour without time zones in SQL (SQLite has none): rows are
 * grouped by their UTC quarter of an hour (the summaries of migrations 045 and 046) when the shop's
 * days start on a quarter of a UTC hour — every zone of today's countries —, else by their UTC hour
 * (`substr(created_at, 1, 13)` of the ISO text) or UTC minute read from the documents; each group
 * is then placed on the shop's calendar in TypeScript from the instants at which the shop's days
 * start.
 */

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

export interface Calendar {
  /** The days, in order, and the UTC instants (ISO) at which each starts; one more for the end. */
  days: string[];
  starts: string[];
  startMs: number[];
  /** Whether every day starts on a whole UTC hour: groups of an hour then fit. */
  wholeHours: boolean;
  /** Whether every day starts on a quarter of a UTC hour: the summaries' groups then fit. */
  quarters: boolean;
  /** The SQL expression of a row's group, reading the documents. */
  bucket: (column: string) => RawBuilder<string>;
  zone: string;
}

/** Instants at which a zone's days start, kept: a year's dashboard needs 731 of them each time. */
const dayStarts = new Map<string, string>();

function dayStart(day: string, zone: string): string {
  const key = `${zone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= 100_000) dayStarts.clear();
    start = startOfLocalDayUtc(day, zone);
    dayStarts.set(key, start);
  }
  return start;
}

/** The calendar of the shop over the days of `p` (its zone). */
export function calendarOf(p: Jours, zone: string): Calendar {
  const days = joursDe(p);
  const starts = [...days, addDays(p.au, 1)].map((d) => dayStart(d, zone));
  const startMs = starts.map((s) => Date.parse(s));
  const wholeHours = startMs.every((ms) => ms % HOUR_MS === 0);
  const length = wholeHours ? 13 : 16;
  return {
    days,
    starts,
    startMs,
    zone,
    wholeHours,
    quarters: startMs.every((ms) => ms % QUARTER_MS === 0),
    bucket: (column) => sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(length)})`,
  };
}

/** The UTC range [from, to) of the calendar's days, for the WHERE clause. */
export const rangeOf = (c: Calendar) => ({
  from: c.starts[0]!,
  to: c.starts[c.starts.length - 1]!,
});

/** Instant (ms) at which a group starts: '2026-06-15T09' or '2026-06-15T09:30'. */
const bucketMs = (bucket: string) =>
  Date.parse(bucket.length === 13 ? `${bucket}:00:00Z` : `${bucket}:00Z`);

export interface Place {
  /** Index of the day in the calendar. */
  day: number;
  /** Hour of the shop's clock, 0–23. */
  hour: number;
}

/**
 * Where a group falls on the shop's calendar, or null outside it. Within a day of 24 hours the
 * hour is the time since the day started; on a day when the clock changes, the zone says it.
 */
export function placeOf(c: Calendar, bucket: string): Place | null {
  const ms = bucketMs(bucket);
  const s = c.startMs;
  if (!(ms >= s[0]!) || ms >= s[s.length - 1]!) return null;
  let lo = 0;
  let hi = s.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  const length = s[lo + 1]! - s[lo]!;
  const hour =
    length === 24 * HOUR_MS
      ? Math.floor((ms - s[lo]!) / HOUR_MS)
      : localHour(new Date(ms), c.zone, c.days[lo]!);
  return { day: lo, hour };
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

function localHour(instant: Date, zone: string, day: string): number {
  let f = hourFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: '2-digit' });
    hourFormatters.set(zone, f);
  }
  // The day check guards the formatter against a zone it would place elsewhere.
  return localDate(instant, zone) === day ? Number(f.format(instant)) % 24 : 0;
}
