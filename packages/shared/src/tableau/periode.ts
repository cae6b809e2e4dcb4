import { addDays } from '../format/time-zone.js';

/**
 * Periods of the dashboard and of the reports: calendar days of the shop ('YYYY-MM-DD', both
 * included), resolved from the shop's « today » so that the server and the web agree.
 */

export const PERIODES = ['aujourdhui', '7j', '30j', 'mois', 'personnalisee'] as const;
export type Periode = (typeof PERIODES)[number];
export const PERIODE_LABELS: Record<Periode, string> = {
  aujourdhui: 'Aujourd’hui',
  '7j': '7 jours',
  '30j': '30 jours',
  mois: 'Ce mois',
  personnalisee: 'Personnalisée',
};

/** Longest period a dashboard or report covers, in days (three years). */
export const PERIODE_MAX_JOURS = 1100;

export interface Jours {
  du: string;
  au: string;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Number of calendar days from `du` to `au`, both included. */
export function nombreJours(p: Jours): number {
  return Math.round((dayMs(p.au) - dayMs(p.du)) / DAY_MS) + 1;
}

/** Every day from `du` to `au`, in order. */
export function joursDe(p: Jours): string[] {
  const days: string[] = [];
  for (let d = p.du; d <= p.au; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The days of a period seen from the shop's `today` (`du`/`au` only for « personnalisée »). */
export function joursDePeriode(
  periode: Periode,
  today: string,
  custom: Partial<Jours> = {},
): Jours {
  switch (periode) {
    case 'aujourdhui':
      return { du: today, au: today };
    case '7j':
      return { du: addDays(today, -6), au: today };
    case '30j':
      return { du: addDays(today, -29), au: today };
    case 'mois':
      return { du: `${today.slice(0, 8)}01`, au: today };
    case 'personnalisee':
      return { du: custom.du ?? today, au: custom.au ?? today };
  }
}

const lastDayOfMonth = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 8)}01`, -1);

/**
 * The period compared with: « ce mois » against the same days of the month before (1–24 November
 * against 1–24 October, cut at its last day); any other period against the same number of days
 * just before it.
 */
export function periodePrecedente(periode: Periode, p: Jours): Jours {
  if (periode === 'mois') {
    const month = addDays(p.du, -1).slice(0, 7);
    const last = lastDayOfMonth(month);
    const au = `${month}-${p.au.slice(8, 10)}`;
    return { du: `${month}-01`, au: au > last ? last : au };
  }
  const n = nombreJours(p);
  return { du: addDays(p.du, -n), au: addDays(p.du, -1) };
}

/** Monday of the week of `day` (weeks start on Monday in France and West Africa). */
export function lundiDe(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}
