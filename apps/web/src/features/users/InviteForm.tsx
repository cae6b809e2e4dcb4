import { invitationCreateSchema, type InvitationCreate } from '@comptoir/shared';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';
import type { ShopOption } from './UserForm';

interface Props {
  formId: string;
  shops: ShopOption[];
  serverErrors: FieldErrors;
  onInvite: (body: InvitationCreate) => void;
}

/** Fields a server error may name: shown under them. */
export const INVITE_FIELDS = ['email', 'services'] as const;

/**
 * The owner invites an address to some of their shops. The invitee gives their own name when
 * accepting; whether the address already has an account is never shown here.
 */
export function InviteForm({ formId, shops, serverErrors, onInvite }: Props) {
  const [email, setEmail] = useState('');
  const [services, setServices] = useState<number[]>([]);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim(), services };
    const found = validate(invitationCreateSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onInvite(body);
  };

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label="Invitation"
      className="formgrid grid"
    >
      <FormField
        id="invite-email"
        label="Adresse e-mail"
        error={errors['email']}
        className="field col-12"
        hint="Un lien pour rejoindre vos boutiques y sera envoyé ; il est valable 7 jours."
      >
        <InputText
          id="invite-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          className="w-full"
          invalid={Boolean(errors['email'])}
          {...fieldA11y('invite-email', errors['email'])}
        />
      </FormField>
      <FormField
        id="invite-services"
        label="Boutiques"
        error={errors['services']}
        className="field col-12"
      >
        <MultiSelect
          inputId="invite-services"
          value={services}
          options={shops}
          optionLabel="nom"
          optionValue="id"
          onChange={(e) => setServices(e.value as number[])}
          display="chip"
          placeholder="Choisir les boutiques"
          emptyMessage="Aucune boutique"
          className="w-full"
          invalid={Boolean(errors['services'])}
          {...fieldA11y('invite-services', errors['services'])}
        />
      </FormField>
    </form>
  );
}
