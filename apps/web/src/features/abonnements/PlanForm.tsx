import { CURRENCIES, planInputSchema, type Plan, type PlanInput } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { moneyDigits, toMajor, toMinor } from '../../lib/money-input';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';

export const PLAN_FIELDS = [
  'nom',
  'dureeMois',
  'prix',
  'devise',
  'maxServices',
  'maxUsers',
] as const;
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.nom} (${c.code})` }));

interface Props {
  formId: string;
  plan: Plan | null;
  serverErrors: FieldErrors;
  onSave: (body: PlanInput) => void;
}

type Counts = 'dureeMois' | 'maxServices' | 'maxUsers';
const COUNT_LABELS: Record<Counts, string> = {
  dureeMois: 'Durée (mois)',
  maxServices: 'Boutiques au plus',
  maxUsers: 'Utilisateurs au plus',
};
const COUNT_HINTS: Partial<Record<Counts, string>> = { maxUsers: 'Le propriétaire compris.' };

/** A plan: name, duration, price in a currency, maximum shops and users. */
export function PlanForm({ formId, plan, serverErrors, onSave }: Props) {
  const [nom, setNom] = useState(plan?.nom ?? '');
  const [devise, setDevise] = useState(plan?.devise ?? 'XOF');
  const [prix, setPrix] = useState<number | null>(plan ? toMajor(plan.prix, plan.devise) : null);
  const [counts, setCounts] = useState<Record<Counts, number | null>>({
    dureeMois: plan?.dureeMois ?? 12,
    maxServices: plan?.maxServices ?? 1,
    maxUsers: plan?.maxUsers ?? 3,
  });
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { nom: nom.trim(), devise, prix: toMinor(prix, devise), ...counts };
    const found = validate(planInputSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body as PlanInput);
  };

  const count = (field: Counts) => (
    <FormField
      key={field}
      id={`plan-${field}`}
      label={COUNT_LABELS[field]}
      error={errors[field]}
      className="field col-12 md:col-4"
      {...(COUNT_HINTS[field] ? { hint: COUNT_HINTS[field] } : {})}
    >
      <InputNumber
        inputId={`plan-${field}`}
        value={counts[field]}
        onValueChange={(e) => setCounts((c) => ({ ...c, [field]: e.value ?? null }))}
        min={1}
        useGrouping={false}
        className="w-full"
        inputClassName="w-full"
        invalid={Boolean(errors[field])}
        {...fieldA11y(`plan-${field}`, errors[field])}
      />
    </FormField>
  );

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Formule" className="formgrid grid">
      <FormField id="plan-nom" label="Nom" error={errors['nom']} className="field col-12">
        <InputText
          id="plan-nom"
          value={nom}
          onChange={(e) => setNom(e.target.value)}
          maxLength={100}
          className="w-full"
          invalid={Boolean(errors['nom'])}
          {...fieldA11y('plan-nom', errors['nom'])}
        />
      </FormField>
      <FormField
        id="plan-prix"
        label="Prix"
        error={errors['prix']}
        className="field col-12 md:col-6"
      >
        <InputNumber
          inputId="plan-prix"
          value={prix}
          onValueChange={(e) => setPrix(e.value ?? null)}
          mode="decimal"
          locale="fr-FR"
          minFractionDigits={moneyDigits(devise)}
          maxFractionDigits={moneyDigits(devise)}
          min={0}
          className="w-full"
          inputClassName="w-full"
          invalid={Boolean(errors['prix'])}
          {...fieldA11y('plan-prix', errors['prix'])}
        />
      </FormField>
      <FormField
        id="plan-devise"
        label="Devise"
        error={errors['devise']}
        className="field col-12 md:col-6"
      >
        <Dropdown
          inputId="plan-devise"
          value={devise}
          options={CURRENCY_OPTIONS}
          onChange={(e) => setDevise(e.value as string)}
          filter
          className="w-full"
          {...fieldA11y('plan-devise', errors['devise'])}
        />
      </FormField>
      {(Object.keys(COUNT_LABELS) as Counts[]).map(count)}
    </form>
  );
}
