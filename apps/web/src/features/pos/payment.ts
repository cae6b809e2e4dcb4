import { type PaiementSaisi } from '@comptoir/shared';
import { addDaysIso, todayIso } from '../../lib/dates';

export { resumePaiements, type ResumePaiements as PaymentSummary } from '@comptoir/shared';

/** One payment as the cashier types it in the dialog (cash: what the customer hands over). */
export interface PaymentDraft extends PaiementSaisi {
  key: number;
}

/** 'YYYY-MM-DD' of today + `days` in local time (the default due date: 30 days). */
export function dayPlus(days: number, from = new Date()): string {
  return addDaysIso(todayIso(from), days);
}
