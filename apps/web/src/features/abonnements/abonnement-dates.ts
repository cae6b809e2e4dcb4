import { periodEnd } from '@comptoir/shared';
import { addDaysIso } from '../../lib/dates';

/**
 * Dates of a subscription as the server computes them, shown in the dialogs before saving: the
 * end of a period from the plan, and the period a renewal opens.
 */
export function planPeriodEnd(
  dateDebut: string | null,
  dureeMois: number | undefined,
): string | null {
  if (!dateDebut || !dureeMois) return null;
  return periodEnd(dateDebut, dureeMois);
}

/** A renewal starts the day after the current period ends, or today when it ended earlier. */
export function renewalPeriod(
  dateFin: string,
  today: string,
  dureeMois: number,
): { dateDebut: string; dateFin: string } {
  const next = addDaysIso(dateFin, 1);
  const dateDebut = next > today ? next : today;
  return { dateDebut, dateFin: periodEnd(dateDebut, dureeMois) };
}
