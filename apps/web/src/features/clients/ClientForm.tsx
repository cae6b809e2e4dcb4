import { clientInputSchema, type Client, type ClientInput } from '@comptoir/shared';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';

export const CLIENT_FIELDS = [
  'nom',
  'telephone',
  'email',
  'adresse',
  'notes',
  'plafondCredit',
] as const;
type TextField = 'nom' | 'telephone' | 'email' | 'adresse';

interface Props {
  formId: string;
  client: Client | null;
  devise: string;
  serverErrors: FieldErrors;
  onSave: (body: ClientInput) => void;
}

/** A customer: phone typed as locally written (the server adds the shop's country code). */
export function ClientForm({ formId, client, devise, serverErrors, onSave }: Props) {
  const [values, setValues] = useState({
    nom: client?.nom ?? '',
    telephone: client?.telephone ?? '',
    email: client?.email ?? '',
    adresse: client?.adresse ?? '',
    notes: client?.notes ?? '',
  });
  const [plafond, setPlafond] = useState<number | null>(client?.plafondCredit ?? null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ClientInput = {
      nom: values.nom.trim(),
      telephone: values.telephone.trim() || null,
      email: values.email.trim() || null,
      adresse: values.adresse.trim() || null,
      notes: values.notes.trim() || null,
      plafondCredit: plafond,
      actif: client?.actif ?? true,
    };
    const found = validate(clientInputSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };
  const text = (key: TextField, label: string, col: string, type = 'text') => (
    <FormField id={`client-${key}`} label={label} error={errors[key]} className={`field ${col}`}>
      <InputText
        id={`client-${key}`}
        type={type}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        className="w-full"
        invalid={Boolean(errors[key])}
        {...fieldA11y(`client-${key}`, errors[key])}
      />
    </FormField>
  );
  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Client" className="formgrid grid">
      {text('nom', 'Nom', 'col-12')}
      {text('telephone', 'Téléphone', 'col-12 md:col-6', 'tel')}
      {text('email', 'Adresse e-mail', 'col-12 md:col-6', 'email')}
      {text('adresse', 'Adresse', 'col-12')}
      <FormField
        id="client-plafondCredit"
        label="Plafond de crédit"
        error={errors['plafondCredit']}
        className="field col-12 md:col-6"
        hint="Facultatif : vide, pas de plafond."
      >
        <MoneyInput
          id="client-plafondCredit"
          value={plafond}
          onChange={setPlafond}
          devise={devise}
          error={errors['plafondCredit']}
        />
      </FormField>
      <FormField id="client-notes" label="Notes" error={errors['notes']} className="field col-12">
        <InputTextarea
          id="client-notes"
          value={values.notes}
          onChange={(e) => setValues((v) => ({ ...v, notes: e.target.value }))}
          rows={3}
          maxLength={2000}
          className="w-full"
        />
      </FormField>
    </form>
  );
}
