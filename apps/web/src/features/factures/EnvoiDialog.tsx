import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { errorMessage } from '../../lib/errors';
import { envoyer } from './api';

interface Props {
  /** API path of the invoice or credit note (`…/factures/12`, `…/avoirs/3`). */
  path: string;
  titre: string;
  /** The customer's address, proposed first. */
  email: string | null;
  onSent: (to: string) => void;
  onHide: () => void;
}

/** « Envoyer »: the document's PDF e-mailed to the customer's address, or to the one typed. */
export function EnvoiDialog({ path, titre, email, onSent, onHide }: Props) {
  const [to, setTo] = useState(email ?? '');
  const send = useMutation({ mutationFn: (address: string | null) => envoyer(path, address) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(to.trim() || null, { onSuccess: (r) => onSent(r.envoyeA) });
  };
  return (
    <FormDialog
      header={titre}
      visible
      onHide={onHide}
      formId="envoi-form"
      saving={send.isPending}
      submitLabel="Envoyer"
    >
      <form id="envoi-form" onSubmit={submit} noValidate>
        <FormField
          id="envoi-email"
          label="Adresse e-mail du destinataire"
          hint="Le PDF est joint au message."
          className="field"
        >
          <InputText
            id="envoi-email"
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="w-full"
          />
        </FormField>
        {send.isError && (
          <Message
            severity="error"
            text={errorMessage(send.error)}
            className="w-full justify-content-start"
          />
        )}
      </form>
    </FormDialog>
  );
}
