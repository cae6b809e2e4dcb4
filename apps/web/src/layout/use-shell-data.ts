import { useAccount, useShopSummary } from '../lib/account-queries';
import { useSession } from '../lib/use-session';

/**
 * On entering the shell: the account is read again (roles, name, photo and shops may have
 * changed since login) and so is the current shop (its currency), both at once.
 */
export function useShellData(): void {
  const { service } = useSession();
  useAccount();
  useShopSummary(service?.id);
}
