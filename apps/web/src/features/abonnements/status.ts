import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '@comptoir/shared';

type Severity = 'success' | 'info' | 'warning' | 'danger';

const SEVERITIES: Record<SubscriptionStatus, Severity> = {
  active: 'success',
  a_venir: 'info',
  expiree: 'danger',
  suspendue: 'warning',
};

/** Label and colour of a subscription's status tag. */
export const statusTag = (statut: SubscriptionStatus) => ({
  value: SUBSCRIPTION_STATUS_LABELS[statut],
  severity: SEVERITIES[statut],
});
