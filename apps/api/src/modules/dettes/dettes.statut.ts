import type { DetteStatut } from '@comptoir/shared';

/**
 * soldee: nothing left; en_retard: something left after the due date; otherwise en_cours.
 * `today` is the shop's calendar day (shopToday in db/time.ts).
 */
export function statutDette(reste: number, echeance: string, today: string): DetteStatut {
  if (reste <= 0) return 'soldee';
  return echeance < today ? 'en_retard' : 'en_cours';
}
