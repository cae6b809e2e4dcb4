import { localDate } from '@comptoir/shared';
import { addDaysIso, toIsoDay } from '../../../lib/dates';

/** The period filter of the sales list, as kept in the URL (`periode`, and `du`/`au` when custom). */
export const PERIODES = ['jour', 'semaine', 'mois', 'perso'] as const;
export type Periode = (typeof PERIODES)[number];
export const PERIODE_LABELS: Record<Periode, string> = {
  jour: "Aujourd'hui",
  semaine: 'Cette semaine',
  mois: 'Ce mois',
  perso: 'Personnalisée',
};

export const isPeriode = (value: string | undefined): value is Periode =>
  (PERIODES as readonly string[]).includes(value ?? '');

/**
 * The calendar days (inclusive) a period covers: today; this week from Monday to today; this month
 * from the 1st to today; a custom period as chosen. Days of the shop's clock when its `timeZone`
 * is given (the reports: a shop's day is not the browser's), else the browser's.
 */
export function periodeBounds(
  periode: Periode | undefined,
  now: Date,
  du?: string,
  au?: string,
  timeZone?: string,
): { du?: string; au?: string } {
  const today = timeZone ? localDate(now, timeZone) : toIsoDay(now);
  switch (periode) {
    case 'jour':
      return { du: today, au: today };
    case 'semaine':
      // getUTCDay() of that day's noon: 0 is Sunday; the French week starts on Monday.
      return {
        du: addDaysIso(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7)),
        au: today,
      };
    case 'mois':
      return { du: `${today.slice(0, 8)}01`, au: today };
    case 'perso':
      return { ...(du ? { du } : {}), ...(au ? { au } : {}) };
    default:
      return {};
  }
}
