import type { ServiceInput } from '@comptoir/shared';
import { Message } from 'primereact/message';
import { FormDialog } from '../../components/FormDialog';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useFeedback } from '../../lib/use-feedback';
import {
  useCreateService,
  useRemoveLogo,
  useService,
  useUpdateService,
  useUploadLogo,
} from './api';
import { ServiceForm } from './ServiceForm';
import { SERVICE_FIELDS } from './service-form';

const FORM_ID = 'service-form';

interface Props {
  target: 'new' | number;
  /** The administrator reads a shop; its owner edits it. */
  readOnly: boolean;
  onClose: () => void;
}

/** The dialog of one shop: loads it, saves it, sends its logo. */
export function ServiceDialog({ target, readOnly, onClose }: Props) {
  const id = target === 'new' ? null : target;
  const shop = useService(id);
  const create = useCreateService();
  const update = useUpdateService();
  const upload = useUploadLogo();
  const removeLogo = useRemoveLogo();
  const feedback = useFeedback();
  const toast = useToast();
  const saving = create.isPending || update.isPending || upload.isPending;

  const save = (body: ServiceInput, pendingLogo: File | null) => {
    if (id === null) {
      create.mutate(body, {
        onSuccess: async (created) => {
          if (pendingLogo)
            await upload
              .mutateAsync({ id: created.id, file: pendingLogo })
              .catch(feedback.actionError('Logo refusé'));
          feedback.success('Boutique créée', `« ${created.nom} » est ajoutée à vos boutiques.`);
          onClose();
        },
        onError: feedback.formError('Création impossible', SERVICE_FIELDS),
      });
    } else {
      update.mutate(
        { id, body },
        {
          onSuccess: (saved) => {
            feedback.success('Boutique enregistrée', `« ${saved.nom} » a été mise à jour.`);
            onClose();
          },
          onError: feedback.formError('Enregistrement impossible', SERVICE_FIELDS),
        },
      );
    }
  };

  const header = id === null ? 'Nouvelle boutique' : readOnly ? 'Boutique' : 'Modifier la boutique';
  return (
    <FormDialog
      header={header}
      visible
      onHide={onClose}
      formId={FORM_ID}
      saving={saving}
      readOnly={readOnly}
      width="52rem"
    >
      {shop.isError && (
        <Message
          severity="error"
          text={errorMessage(shop.error)}
          className="w-full justify-content-start"
        />
      )}
      {id !== null && shop.isPending && <p role="status">Chargement…</p>}
      {(id === null || shop.data) && (
        <ServiceForm
          formId={FORM_ID}
          shop={shop.data ?? null}
          readOnly={readOnly}
          serverErrors={fieldErrorsOf(id === null ? create.error : update.error)}
          logoBusy={upload.isPending || removeLogo.isPending}
          onSave={save}
          onUploadLogo={(file) =>
            id !== null &&
            upload.mutate(
              { id, file },
              {
                onSuccess: () =>
                  feedback.success('Logo enregistré', 'Le logo de la boutique a été mis à jour.'),
                onError: feedback.actionError('Logo refusé'),
              },
            )
          }
          onRemoveLogo={() =>
            id !== null &&
            removeLogo.mutate(id, {
              onSuccess: () => feedback.success('Logo supprimé', 'La boutique n’a plus de logo.'),
              onError: feedback.actionError('Suppression impossible'),
            })
          }
          onLogoTooLarge={() =>
            toast({
              severity: 'error',
              summary: 'Logo refusé',
              detail: 'Le logo ne doit pas dépasser 5 Mo.',
            })
          }
        />
      )}
    </FormDialog>
  );
}
