import { ABONNEMENT_SORTS, PLAN_SORTS } from '@comptoir/shared';
import type { ListSpec } from '../../lib/list-params';

/** The two lists of /pages/abonnements in the URL (one at a time: the tab picks which). */
export const PLANS_LIST: ListSpec = { sorts: PLAN_SORTS, filters: ['retire'] };
export const ABONNEMENTS_LIST: ListSpec = {
  sorts: ABONNEMENT_SORTS,
  filters: ['statut', 'expirant'],
};

/** « Expirant sous 30 jours ». */
export const EXPIRING_DAYS = '30';

export const TABS = ['formules', 'abonnements'] as const;
export type Tab = (typeof TABS)[number];
export const tabOf = (raw: string | null): Tab =>
  raw === 'abonnements' ? 'abonnements' : 'formules';
