import { paiementVide, type ModeSaisi, type PaiementSaisi } from '@comptoir/shared';
import { addDaysIso, todayIso } from '../../lib/dates';

/** One payment as typed in the payment editor (cash: what the customer hands over). */
export interface PaymentDraft extends PaiementSaisi {
  key: number;
}

let nextKey = 1;
/** A new payment row of `mode`, for `montant` (cash: received) or empty. */
export function newDraft(mode: ModeSaisi, montant: number | null = null): PaymentDraft {
  const base = paiementVide(mode);
  return mode === 'especes'
    ? { ...base, recu: montant, key: nextKey++ }
    : { ...base, montant, key: nextKey++ };
}

/** 'YYYY-MM-DD' of today + `days` in local time (the default due date: 30 days). */
export function dayPlus(days: number, from = new Date()): string {
  return addDaysIso(todayIso(from), days);
}
