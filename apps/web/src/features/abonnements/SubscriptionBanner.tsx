import { Message } from 'primereact/message';
import { useMemo } from 'react';
import { LayoutBanner } from '../../layout/banner';
import { useSession } from '../../lib/use-session';
import { useCurrentSubscription } from './api';
import { subscriptionBannerText } from './banner-text';

/**
 * In the shell's banner slot, for owners and managers: why writes are refused (subscription
 * ended, suspended, to come or missing) and whom to contact. Nothing while it is active.
 */
export function SubscriptionBanner() {
  const { role, service } = useSession();
  const concerned = role === 'ROLE_PROPRIETAIRE' || role === 'ROLE_GERANT';
  const current = useCurrentSubscription(service?.id ?? null, concerned);
  const text = current.data && concerned ? subscriptionBannerText(current.data, role) : null;
  const node = useMemo(
    () =>
      text ? (
        <Message
          severity="warn"
          text={text}
          className="w-full justify-content-start"
          data-testid="subscription-banner"
        />
      ) : null,
    [text],
  );
  return node ? <LayoutBanner id="subscription">{node}</LayoutBanner> : null;
}
