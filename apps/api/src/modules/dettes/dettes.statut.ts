import type { DetteStatut } from '@comptoir/shared';

/** Today's date on the server's local calendar, 'YYYY-MM-DD': due dates compare with it as text. */
export function todayLocal(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** soldee: nothing left; en_retard: something left after the due date; otherwise en_cours. */
export function statutDette(reste: number, echeance: string, today: string = todayLocal()): DetteStatut {
  if (reste <= 0) return 'soldee';
  return echeance < today ? 'en_retard' : 'en_cours';
}
