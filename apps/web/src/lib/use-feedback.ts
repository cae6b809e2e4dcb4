import { useMemo } from 'react';
import { ApiError, errorMessage, fieldErrorsOf } from './errors';
import { useToast } from './toast';

const isSubscriptionRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'SUBSCRIPTION_REQUIRED';

/**
 * Toasts of the screens. A write refused for want of an active subscription (402) shows the
 * server's French sentence as a warning; field errors of a form stay under their fields.
 */
export function useFeedback() {
  const toast = useToast();
  return useMemo(() => {
    const failure = (summary: string, error: unknown) =>
      toast({
        severity: isSubscriptionRefusal(error) ? 'warn' : 'error',
        summary: isSubscriptionRefusal(error) ? 'Abonnement inactif' : summary,
        detail: errorMessage(error),
        life: 8000,
      });
    return {
      success: (summary: string, detail: string) => toast({ severity: 'success', summary, detail }),
      /** Any failure of an action (disable, delete…): a toast. */
      actionError: (summary: string) => (error: unknown) => failure(summary, error),
      /**
       * Failure of a form: errors of the fields it shows are displayed under them, anything else
       * (refusal, conflict, network, a field it does not show) in a toast.
       */
      formError: (summary: string, shownFields: readonly string[]) => (error: unknown) => {
        const fields = Object.keys(fieldErrorsOf(error));
        if (fields.length === 0 || fields.some((f) => !shownFields.includes(f)))
          failure(summary, error);
      },
    };
  }, [toast]);
}
