import {
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  formatMoney,
  type PaymentMode,
} from '@comptoir/shared';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { FormField, fieldA11y } from '../../components/FormField';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { moneyDigits } from '../../lib/money-input';
import type { FieldErrors } from '../../lib/validation';

/** Fields shared by the subscription dialogs: plan, day, payment. */
export interface PlanOption {
  id: number;
  nom: string;
  retire: boolean;
  dureeMois?: number;
  prix?: number;
  devise?: string;
}

const planLabel = (p: PlanOption): string =>
  p.dureeMois !== undefined && p.prix !== undefined && p.devise
    ? `${p.nom} — ${p.dureeMois} mois, ${formatMoney(p.prix, p.devise)}`
    : `${p.nom}${p.retire ? ' (retirée)' : ''}`;

interface PlanFieldProps {
  id: string;
  value: number | null;
  options: PlanOption[];
  onChange: (id: number | null) => void;
  error?: string | undefined;
}

export function PlanField({ id, value, options, onChange, error }: PlanFieldProps) {
  return (
    <FormField id={id} label="Formule" error={error} className="field col-12">
      <Dropdown
        inputId={id}
        value={value}
        options={options.map((p) => ({ value: p.id, label: planLabel(p) }))}
        onChange={(e) => onChange((e.value as number | null) ?? null)}
        placeholder="Choisir une formule"
        emptyMessage="Aucune formule en vente"
        className="w-full"
        invalid={Boolean(error)}
        {...fieldA11y(id, error)}
      />
    </FormField>
  );
}

interface DayFieldProps {
  id: string;
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string | undefined;
  hint?: string;
}

/** A calendar day ('YYYY-MM-DD') chosen with PrimeReact's Calendar (dd/mm/yyyy, in French). */
export function DayField({ id, label, value, onChange, error, hint }: DayFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      className="field col-12 md:col-6"
      {...(hint ? { hint } : {})}
    >
      <Calendar
        inputId={id}
        value={fromIsoDay(value)}
        onChange={(e) => onChange(e.value instanceof Date ? toIsoDay(e.value) : null)}
        dateFormat="dd/mm/yy"
        showIcon
        showButtonBar
        className="w-full"
        invalid={Boolean(error)}
        {...fieldA11y(id, error)}
      />
    </FormField>
  );
}

const MODE_OPTIONS = PAYMENT_MODES.map((value) => ({ value, label: PAYMENT_MODE_LABELS[value] }));

interface PaymentProps {
  idPrefix: string;
  devise: string;
  montant: number | null;
  onMontant: (value: number | null) => void;
  modePaiement: PaymentMode;
  onMode: (mode: PaymentMode) => void;
  reference: string;
  onReference: (value: string) => void;
  errors: FieldErrors;
}

/** Amount paid (in the plan's currency), payment mode and reference. */
export function PaymentFields({
  idPrefix,
  devise,
  montant,
  onMontant,
  modePaiement,
  onMode,
  reference,
  onReference,
  errors,
}: PaymentProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <FormField
        id={id('montant')}
        label={`Montant payé (${devise === 'XOF' || devise === 'XAF' ? 'FCFA' : devise})`}
        error={errors['montantPaye']}
        className="field col-12 md:col-6"
      >
        <InputNumber
          inputId={id('montant')}
          value={montant}
          onValueChange={(e) => onMontant(e.value ?? null)}
          mode="decimal"
          locale="fr-FR"
          minFractionDigits={moneyDigits(devise)}
          maxFractionDigits={moneyDigits(devise)}
          min={0}
          className="w-full"
          inputClassName="w-full"
          invalid={Boolean(errors['montantPaye'])}
          {...fieldA11y(id('montant'), errors['montantPaye'])}
        />
      </FormField>
      <FormField
        id={id('mode')}
        label="Mode de paiement"
        error={errors['modePaiement']}
        className="field col-12 md:col-6"
      >
        <Dropdown
          inputId={id('mode')}
          value={modePaiement}
          options={MODE_OPTIONS}
          onChange={(e) => onMode(e.value as PaymentMode)}
          className="w-full"
          {...fieldA11y(id('mode'), errors['modePaiement'])}
        />
      </FormField>
      <FormField
        id={id('reference')}
        label="Référence du paiement"
        error={errors['reference']}
        className="field col-12"
      >
        <InputText
          id={id('reference')}
          value={reference}
          onChange={(e) => onReference(e.target.value)}
          maxLength={100}
          className="w-full"
          placeholder="Par exemple OM-2026-0042"
          {...fieldA11y(id('reference'), errors['reference'])}
        />
      </FormField>
    </>
  );
}
