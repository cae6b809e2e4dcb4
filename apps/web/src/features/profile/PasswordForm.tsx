import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { updatePasswordRequestSchema } from '@comptoir/shared';
import { confirmationError, hasErrors, validate } from '../../lib/validation';

interface Props {
  saving: boolean;
  serverErrors: Record<string, string>;
  onSave: (body: { currentPassword: string; newPassword: string }) => void;
}

type Field = 'currentPassword' | 'newPassword' | 'confirmation';
const LABELS: Record<Field, string> = {
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  confirmation: 'Confirmation du nouveau mot de passe',
};
const AUTOCOMPLETE: Record<Field, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmation: 'new-password',
};

/** Change of password; on success every session closes and the user signs in again. */
export function PasswordForm({ saving, serverErrors, onSave }: Props) {
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors: Partial<Record<string, string>> = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    const found = validate(updatePasswordRequestSchema, body);
    const mismatch = confirmationError(values.newPassword, values.confirmation);
    if (mismatch) found['confirmation'] = mismatch;
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Changer le mot de passe">
      {(Object.keys(LABELS) as Field[]).map((field) => (
        <FormField key={field} id={field} label={LABELS[field]} error={errors[field]}>
          <PasswordInput
            id={field}
            value={values[field]}
            onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
            autoComplete={AUTOCOMPLETE[field]}
            invalid={Boolean(errors[field])}
            {...fieldA11y(field, errors[field])}
          />
        </FormField>
      ))}
      <Button type="submit" label="Changer le mot de passe" icon="pi pi-lock" loading={saving} />
    </form>
  );
}
