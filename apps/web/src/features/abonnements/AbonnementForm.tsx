import {
  abonnementCreateSchema,
  abonnementUpdateSchema,
  type Abonnement,
  type AbonnementCreate,
  type AbonnementUpdate,
  type PaymentMode,
  type Plan,
} from '@comptoir/shared';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { todayUtcIso } from '../../lib/dates';
import { toMajor, toMinor } from '../../lib/money-input';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';
import { planPeriodEnd } from './abonnement-dates';
import { DayField, PaymentFields, PlanField, type PlanOption } from './abonnement-fields';
import { OwnerPicker } from './OwnerPicker';

export const ABONNEMENT_FIELDS = [
  'ownerId',
  'planId',
  'dateDebut',
  'dateFin',
  'montantPaye',
  'devise',
  'modePaiement',
  'reference',
] as const;

interface Props {
  formId: string;
  /** The subscription edited, or null for a new one. */
  abonnement: Abonnement | null;
  plans: Plan[];
  serverErrors: FieldErrors;
  onCreate: (body: AbonnementCreate) => void;
  onUpdate: (body: AbonnementUpdate) => void;
}

/**
 * An owner's subscription. Choosing a plan sets the amount, the currency and the end date;
 * changing the start date moves the end date; both stay editable.
 */
export function AbonnementForm({
  formId,
  abonnement,
  plans,
  serverErrors,
  onCreate,
  onUpdate,
}: Props) {
  const [ownerId, setOwnerId] = useState<number | null>(abonnement?.owner.id ?? null);
  const [planId, setPlanId] = useState<number | null>(abonnement?.plan.id ?? null);
  const [dateDebut, setDateDebut] = useState<string | null>(abonnement?.dateDebut ?? todayUtcIso());
  const [dateFin, setDateFin] = useState<string | null>(abonnement?.dateFin ?? null);
  const [devise, setDevise] = useState(abonnement?.devise ?? 'XOF');
  const [montant, setMontant] = useState<number | null>(
    abonnement ? toMajor(abonnement.montantPaye, abonnement.devise) : null,
  );
  const [modePaiement, setModePaiement] = useState<PaymentMode>(
    abonnement?.modePaiement ?? 'especes',
  );
  const [reference, setReference] = useState(abonnement?.reference ?? '');
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  // The current plan stays a choice when editing, even retired.
  const options: PlanOption[] = plans.map((p) => ({ ...p }));
  if (abonnement && !plans.some((p) => p.id === abonnement.plan.id))
    options.unshift({ id: abonnement.plan.id, nom: abonnement.plan.nom, retire: true });

  const choosePlan = (id: number | null) => {
    setPlanId(id);
    const plan = plans.find((p) => p.id === id);
    if (!plan) return;
    setDevise(plan.devise);
    setMontant(toMajor(plan.prix, plan.devise));
    setDateFin(planPeriodEnd(dateDebut, plan.dureeMois));
  };
  const chooseStart = (day: string | null) => {
    setDateDebut(day);
    const end = planPeriodEnd(day, plans.find((p) => p.id === planId)?.dureeMois);
    if (end) setDateFin(end);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      planId,
      dateDebut,
      dateFin,
      montantPaye: toMinor(montant, devise),
      devise,
      modePaiement,
      reference: reference.trim() || null,
    };
    const found = abonnement
      ? validate(abonnementUpdateSchema, common)
      : validate(abonnementCreateSchema, { ...common, ownerId });
    if (!abonnement && ownerId === null) found['ownerId'] = 'Choisissez un propriétaire.';
    if (planId === null) found['planId'] = 'Choisissez une formule.';
    setLocalErrors(found);
    if (hasErrors(found)) return;
    if (abonnement) onUpdate(common as AbonnementUpdate);
    else onCreate({ ...common, ownerId } as AbonnementCreate);
  };

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label="Abonnement"
      className="formgrid grid"
    >
      {abonnement ? (
        <p className="col-12 mt-0" data-testid="abonnement-owner">
          Propriétaire :{' '}
          <strong>
            {abonnement.owner.prenom} {abonnement.owner.nom}
          </strong>{' '}
          ({abonnement.owner.email})
        </p>
      ) : (
        <FormField
          id="abonnement-owner"
          label="Propriétaire"
          error={errors['ownerId']}
          className="field col-12"
        >
          <OwnerPicker
            inputId="abonnement-owner"
            value={ownerId}
            onChange={setOwnerId}
            error={errors['ownerId']}
          />
        </FormField>
      )}
      <PlanField
        id="abonnement-plan"
        value={planId}
        options={options}
        onChange={choosePlan}
        error={errors['planId']}
      />
      <DayField
        id="abonnement-debut"
        label="Date de début"
        value={dateDebut}
        onChange={chooseStart}
        error={errors['dateDebut']}
      />
      <DayField
        id="abonnement-fin"
        label="Date de fin"
        value={dateFin}
        onChange={setDateFin}
        error={errors['dateFin']}
        hint="Calculée d'après la formule ; modifiable."
      />
      <PaymentFields
        idPrefix="abonnement"
        devise={devise}
        montant={montant}
        onMontant={setMontant}
        modePaiement={modePaiement}
        onMode={setModePaiement}
        reference={reference}
        onReference={setReference}
        errors={errors}
      />
    </form>
  );
}
