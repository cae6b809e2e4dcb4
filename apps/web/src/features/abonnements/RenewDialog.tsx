import type { Abonnement } from '@comptoir/shared';
import { Message } from 'primereact/message';
import { FormDialog } from '../../components/FormDialog';
import { formatDay } from '../../lib/dates';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { useAbonnement, usePlanChoices, useRenewAbonnement } from './api';
import { RENEW_FIELDS, RenewForm } from './RenewForm';

const FORM_ID = 'renew-form';

/** Renewing a subscription: a new period right after it. */
export function RenewDialog({
  id,
  listed,
  onClose,
}: {
  id: number;
  listed: Abonnement | undefined;
  onClose: () => void;
}) {
  const abonnement = useAbonnement(id, listed);
  const plans = usePlanChoices();
  const renew = useRenewAbonnement();
  const feedback = useFeedback();
  const error = abonnement.error ?? plans.error;

  return (
    <FormDialog
      header="Renouveler l'abonnement"
      visible
      onHide={onClose}
      formId={FORM_ID}
      saving={renew.isPending}
    >
      {error && (
        <Message
          severity="error"
          text={errorMessage(error)}
          className="w-full justify-content-start"
        />
      )}
      {!error && !(abonnement.data && plans.data) && <p role="status">Chargement…</p>}
      {abonnement.data && plans.data && (
        <RenewForm
          formId={FORM_ID}
          abonnement={abonnement.data}
          plans={plans.data}
          serverErrors={fieldErrorsOf(renew.error)}
          onRenew={(body) =>
            renew.mutate(
              { id, body },
              {
                onSuccess: (a) => {
                  feedback.success(
                    'Abonnement renouvelé',
                    `Nouvelle période du ${formatDay(a.dateDebut)} au ${formatDay(a.dateFin)}.`,
                  );
                  onClose();
                },
                onError: feedback.formError('Renouvellement impossible', RENEW_FIELDS),
              },
            )
          }
        />
      )}
    </FormDialog>
  );
}
