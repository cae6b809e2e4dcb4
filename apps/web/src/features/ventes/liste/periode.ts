import { localDate } from '@comptoir/shared';
import { addDaysIso } from '../../../lib/dates';
import type { QueryValue } from '../../../lib/http';

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
 * from the 1st to today; a custom period as chosen. Days of the shop's clock (`timeZone`): a
 * shop's day is not the browser's, whose zone may be another.
 */
export function periodeBounds(
  periode: Periode | undefined,
  now: Date,
  du: string | undefined,
  au: string | undefined,
  timeZone: string,
): { du?: string; au?: string } {
  const today = localDate(now, timeZone);
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

/**
 * A list's API query from its URL state: the period (`defaut` when none is chosen) becomes
 * `du`/`au`, days of the shop's clock (`timeZone`), not the browser's; the other filters pass as
 * they are. The sales, purchases and expenses lists and the product report take their periods so.
 */
export function periodeApiQuery(
  query: Record<string, QueryValue>,
  now: Date,
  timeZone: string,
  defaut?: Periode,
): Record<string, QueryValue> {
  const { periode, du, au, ...rest } = query;
  const p = typeof periode === 'string' && isPeriode(periode) ? periode : defaut;
  const day = (v: QueryValue) => (typeof v === 'string' ? v : undefined);
  return { ...rest, ...periodeBounds(p, now, day(du), day(au), timeZone) };
}

/**
 * Whether a list's query can be asked with the shop's clock `timeZone` as known so far: a period
 * counted from today waits for it (the shop's details still loading); no period, or chosen days,
 * do not.
 */
export function periodeReady(query: Record<string, QueryValue>, timeZone: string | undefined) {
  const p = query['periode'];
  return timeZone !== undefined || !(typeof p === 'string' && isPeriode(p) && p !== 'perso');
}
