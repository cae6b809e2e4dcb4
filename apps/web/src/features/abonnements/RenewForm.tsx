import {
  abonnementRenewSchema,
  type Abonnement,
  type AbonnementRenew,
  type PaymentMode,
  type Plan,
} from '@comptoir/shared';
import { useState, type FormEvent } from 'react';
import { formatDay, todayUtcIso } from '../../lib/dates';
import { toMajor, toMinor } from '../../lib/money-input';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';
import { renewalPeriod } from './abonnement-dates';
import { PaymentFields, PlanField } from './abonnement-fields';

export const RENEW_FIELDS = [
  'planId',
  'montantPaye',
  'devise',
  'modePaiement',
  'reference',
] as const;

interface Props {
  formId: string;
  abonnement: Abonnement;
  plans: Plan[];
  serverErrors: FieldErrors;
  onRenew: (body: AbonnementRenew) => void;
}

/** A new period after this one, on the same plan unless another is chosen. */
export function RenewForm({ formId, abonnement, plans, serverErrors, onRenew }: Props) {
  const initial = plans.find((p) => p.id === abonnement.plan.id) ?? null;
  const [planId, setPlanId] = useState<number | null>(initial?.id ?? null);
  const plan = plans.find((p) => p.id === planId) ?? null;
  const [montant, setMontant] = useState<number | null>(
    initial ? toMajor(initial.prix, initial.devise) : null,
  );
  const [modePaiement, setModePaiement] = useState<PaymentMode>(abonnement.modePaiement);
  const [reference, setReference] = useState('');
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const devise = plan?.devise ?? abonnement.devise;
  const period = plan ? renewalPeriod(abonnement.dateFin, todayUtcIso(), plan.dureeMois) : null;

  const choosePlan = (id: number | null) => {
    setPlanId(id);
    const chosen = plans.find((p) => p.id === id);
    if (chosen) setMontant(toMajor(chosen.prix, chosen.devise));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      planId: planId ?? undefined,
      montantPaye: toMinor(montant, devise) ?? undefined,
      devise,
      modePaiement,
      reference: reference.trim() || null,
    };
    const found = validate(abonnementRenewSchema, body);
    if (planId === null) found['planId'] = 'Choisissez une formule.';
    setLocalErrors(found);
    if (!hasErrors(found)) onRenew(body);
  };

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label="Renouvellement"
      className="formgrid grid"
    >
      <p className="col-12 mt-0">
        {abonnement.owner.prenom} {abonnement.owner.nom} — abonnement en cours jusqu'au{' '}
        {formatDay(abonnement.dateFin)}.
      </p>
      <PlanField
        id="renew-plan"
        value={planId}
        options={plans}
        onChange={choosePlan}
        error={errors['planId']}
      />
      {period && (
        <p className="col-12 mt-0" data-testid="renew-period">
          Nouvelle période : du {formatDay(period.dateDebut)} au {formatDay(period.dateFin)}.
        </p>
      )}
      <PaymentFields
        idPrefix="renew"
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
