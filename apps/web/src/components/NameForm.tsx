import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from './FormField';
import { hasErrors, validate, type FieldErrors } from '../lib/validation';

interface Schema {
  safeParse: Parameters<typeof validate>[0]['safeParse'];
}

interface Props {
  formId: string;
  /** aria-label of the form and id prefix of its field. */
  label: string;
  idPrefix: string;
  nom: string;
  schema: Schema;
  serverErrors: FieldErrors;
  onSave: (body: { nom: string }) => void;
}

/** A form of one name (category, brand), checked with the shared schema. */
export function NameForm({
  formId,
  label,
  idPrefix,
  nom: initial,
  schema,
  serverErrors,
  onSave,
}: Props) {
  const [nom, setNom] = useState(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const id = `${idPrefix}-nom`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { nom: nom.trim() };
    const found = validate(schema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };
  return (
    <form id={formId} onSubmit={submit} noValidate aria-label={label}>
      <FormField id={id} label="Nom" error={errors['nom']}>
        <InputText
          id={id}
          value={nom}
          onChange={(e) => setNom(e.target.value)}
          maxLength={100}
          autoFocus
          className="w-full"
          invalid={Boolean(errors['nom'])}
          {...fieldA11y(id, errors['nom'])}
        />
      </FormField>
    </form>
  );
}
