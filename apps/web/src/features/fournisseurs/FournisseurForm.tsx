import { fournisseurInputSchema, type Fournisseur, type FournisseurInput } from '@comptoir/shared';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';

export const FOURNISSEUR_FIELDS = ['nom', 'contact', 'telephone', 'email', 'adresse'] as const;
type Field = (typeof FOURNISSEUR_FIELDS)[number];

interface Props {
  formId: string;
  fournisseur: Fournisseur | null;
  serverErrors: FieldErrors;
  onSave: (body: FournisseurInput) => void;
}

const LABELS: Record<Field, [string, string, string]> = {
  nom: ['Nom', 'col-12', 'text'],
  contact: ['Contact', 'col-12 md:col-6', 'text'],
  telephone: ['Téléphone', 'col-12 md:col-6', 'tel'],
  email: ['Adresse e-mail', 'col-12 md:col-6', 'email'],
  adresse: ['Adresse', 'col-12 md:col-6', 'text'],
};

/** A supplier: phone typed as locally written (the server adds the shop's country code). */
export function FournisseurForm({ formId, fournisseur: f, serverErrors, onSave }: Props) {
  const [values, setValues] = useState<Record<Field, string>>({
    nom: f?.nom ?? '',
    contact: f?.contact ?? '',
    telephone: f?.telephone ?? '',
    email: f?.email ?? '',
    adresse: f?.adresse ?? '',
  });
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: FournisseurInput = {
      nom: values.nom.trim(),
      contact: values.contact.trim() || null,
      telephone: values.telephone.trim() || null,
      email: values.email.trim() || null,
      adresse: values.adresse.trim() || null,
      actif: f?.actif ?? true,
    };
    const found = validate(fournisseurInputSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };
  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label="Fournisseur"
      className="formgrid grid"
    >
      {FOURNISSEUR_FIELDS.map((key) => {
        const [label, col, type] = LABELS[key];
        const id = `fournisseur-${key}`;
        return (
          <FormField key={key} id={id} label={label} error={errors[key]} className={`field ${col}`}>
            <InputText
              id={id}
              type={type}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              className="w-full"
              invalid={Boolean(errors[key])}
              {...fieldA11y(id, errors[key])}
            />
          </FormField>
        );
      })}
    </form>
  );
}
