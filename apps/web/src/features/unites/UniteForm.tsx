import { uniteInputSchema, type Unite, type UniteInput } from '@comptoir/shared';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';

export const UNITE_FIELDS = ['nom', 'symbole', 'fractionnable'] as const;

interface Props {
  formId: string;
  unite: Unite | null;
  serverErrors: FieldErrors;
  onSave: (body: UniteInput) => void;
}

/** A unit: name, symbol, and whether quantities may have decimals. */
export function UniteForm({ formId, unite, serverErrors, onSave }: Props) {
  const [nom, setNom] = useState(unite?.nom ?? '');
  const [symbole, setSymbole] = useState(unite?.symbole ?? '');
  const [fractionnable, setFractionnable] = useState(unite?.fractionnable ?? false);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: UniteInput = { nom: nom.trim(), symbole: symbole.trim(), fractionnable };
    const found = validate(uniteInputSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Unité" className="formgrid grid">
      <FormField id="unite-nom" label="Nom" error={errors['nom']} className="field col-12 md:col-8">
        <InputText
          id="unite-nom"
          value={nom}
          onChange={(e) => setNom(e.target.value)}
          maxLength={50}
          className="w-full"
          invalid={Boolean(errors['nom'])}
          {...fieldA11y('unite-nom', errors['nom'])}
        />
      </FormField>
      <FormField
        id="unite-symbole"
        label="Symbole"
        error={errors['symbole']}
        className="field col-12 md:col-4"
      >
        <InputText
          id="unite-symbole"
          value={symbole}
          onChange={(e) => setSymbole(e.target.value)}
          maxLength={10}
          className="w-full"
          invalid={Boolean(errors['symbole'])}
          {...fieldA11y('unite-symbole', errors['symbole'])}
        />
      </FormField>
      <div className="field col-12">
        <div className="flex align-items-center gap-2">
          <InputSwitch
            inputId="unite-fractionnable"
            checked={fractionnable}
            onChange={(e) => setFractionnable(Boolean(e.value))}
          />
          <label htmlFor="unite-fractionnable" className="m-0">
            Quantités décimales (kg, litre…)
          </label>
        </div>
        {errors['fractionnable'] && (
          <small className="field-error" role="alert">
            {errors['fractionnable']}
          </small>
        )}
      </div>
    </form>
  );
}
