import { addDays } from '@comptoir/shared';

/**
 * Whole UTC days [from, to) as signed buckets of the product summaries (migration 050): UTC years
 * ('2026'), months ('2026-03') and days. A year or a month the days cover whole is added; one they
 * cover in part is either split into the next level down, or added whole with its days outside
 * taken away — whichever reads fewer days, counting no day after today (no sale is there yet, its
 * rows cost nothing to read). A year of days ending today is then its current year, the month
 * before and a few days, not 365 days. Every day of [from, to) counts once, every other day no
 * time: exact whatever the estimate.
 */

export type Level = 'annee' | 'mois' | 'jour';

/** The buckets of `level` whose keys are in [from, to), added (1) or taken away (-1). */
export interface Term {
  sign: 1 | -1;
  level: Level;
  from: string;
  to: string;
}

interface Grain {
  level: Level;
  /** The first day of the bucket holding a day, and the first day of the next one. */
  start: (day: string) => string;
  next: (day: string) => string;
  key: (day: string) => string;
}

const year = (day: string) => Number(day.slice(0, 4));
const pad = (n: number) => String(n).padStart(2, '0');

const GRAINS: Grain[] = [
  {
    level: 'annee',
    start: (d) => `${d.slice(0, 4)}-01-01`,
    next: (d) => `${year(d) + 1}-01-01`,
    key: (d) => d.slice(0, 4),
  },
  {
    level: 'mois',
    start: (d) => `${d.slice(0, 7)}-01`,
    next: (d) => {
      const m = Number(d.slice(5, 7));
      return m === 12 ? `${year(d) + 1}-01-01` : `${d.slice(0, 4)}-${pad(m + 1)}-01`;
    },
    key: (d) => d.slice(0, 7),
  },
];

const DAY = 86_400_000;
const days = (from: string, to: string) =>
  Math.max(0, (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** The terms of the whole UTC days [from, to); `today` (UTC) only guides the choice. */
export function periodTerms(from: string, to: string, today: string): Term[] {
  const end = addDays(today, 1);
  const cost = (a: string, b: string) => days(a, b < end ? b : end);
  const out: Term[] = [];
  const split = (a: string, b: string, depth: number, sign: 1 | -1) => {
    if (a >= b) return;
    const grain = GRAINS[depth];
    if (!grain) {
      out.push({ sign, level: 'jour', from: a, to: b });
      return;
    }
    let whole: string | null = null;
    const flush = (upTo: string) => {
      if (whole !== null)
        out.push({ sign, level: grain.level, from: grain.key(whole), to: grain.key(upTo) });
      whole = null;
    };
    for (let s = grain.start(a); s < b; s = grain.next(s)) {
      const n = grain.next(s);
      const lo = a > s ? a : s;
      const hi = b < n ? b : n;
      if (lo === s && hi === n) {
        whole ??= s;
        continue;
      }
      flush(s);
      if (cost(s, lo) + cost(hi, n) < cost(lo, hi)) {
        out.push({ sign, level: grain.level, from: grain.key(s), to: grain.key(n) });
        split(s, lo, depth + 1, sign === 1 ? -1 : 1);
        split(hi, n, depth + 1, sign === 1 ? -1 : 1);
      } else split(lo, hi, depth + 1, sign);
    }
    // A run of whole buckets that reaches b ends on a bucket's start: b.
    flush(b);
  };
  split(from, to, 0, 1);
  return out;
}
