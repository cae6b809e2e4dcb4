import { deNom } from '@comptoir/shared';
import type { Abonnement } from '@comptoir/shared';
import { Message } from 'primereact/message';
import { FormDialog } from '../../components/FormDialog';
import { formatDay } from '../../lib/dates';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { useAbonnement, useCreateAbonnement, usePlanChoices, useUpdateAbonnement } from './api';
import { ABONNEMENT_FIELDS, AbonnementForm } from './AbonnementForm';

const FORM_ID = 'abonnement-form';

interface Props {
  target: 'new' | number;
  listed: Abonnement | undefined;
  onClose: () => void;
}

/** Creating or editing a subscription. */
export function AbonnementDialog({ target, listed, onClose }: Props) {
  const id = target === 'new' ? null : target;
  const abonnement = useAbonnement(id, listed);
  const plans = usePlanChoices();
  const create = useCreateAbonnement();
  const update = useUpdateAbonnement();
  const feedback = useFeedback();
  const ready = plans.data && (id === null || abonnement.data);
  const saved = (summary: string) => (a: Abonnement) => {
    feedback.success(
      summary,
      `Abonnement ${deNom(`${a.owner.prenom} ${a.owner.nom}`)} du ${formatDay(a.dateDebut)} au ${formatDay(a.dateFin)}.`,
    );
    onClose();
  };

  return (
    <FormDialog
      header={id === null ? 'Nouvel abonnement' : "Modifier l'abonnement"}
      visible
      onHide={onClose}
      formId={FORM_ID}
      saving={create.isPending || update.isPending}
    >
      {(abonnement.isError || plans.isError) && (
        <Message
          severity="error"
          text={errorMessage(abonnement.error ?? plans.error)}
          className="w-full justify-content-start"
        />
      )}
      {!ready && !abonnement.isError && !plans.isError && <p role="status">Chargement…</p>}
      {ready && (
        <AbonnementForm
          formId={FORM_ID}
          abonnement={abonnement.data ?? null}
          plans={plans.data}
          serverErrors={fieldErrorsOf(id === null ? create.error : update.error)}
          onCreate={(body) =>
            create.mutate(body, {
              onSuccess: saved('Abonnement enregistré'),
              onError: feedback.formError('Enregistrement impossible', ABONNEMENT_FIELDS),
            })
          }
          onUpdate={(body) =>
            id !== null &&
            update.mutate(
              { id, body },
              {
                onSuccess: saved('Abonnement modifié'),
                onError: feedback.formError('Enregistrement impossible', ABONNEMENT_FIELDS),
              },
            )
          }
        />
      )}
    </FormDialog>
  );
}
