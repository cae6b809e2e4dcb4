import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  OPERATEURS_MOBILE,
  formatMoney,
  reglementInputSchema,
  type Dette,
  type ModePaiement,
  type Reglement,
} from '@comptoir/shared';
import { AutoComplete } from 'primereact/autocomplete';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { FormField, fieldA11y } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { fieldErrorsOf } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { validate } from '../../lib/validation';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { useCreateReglement } from './api';

interface Props {
  serviceId: number;
  clientId: number;
  devise: string;
  /** The customer's debts with something left, oldest first. */
  dettes: Dette[];
  onDone: (reglement: Reglement) => void;
  onHide: () => void;
}

const FORM_ID = 'reglement-form';
const FIELDS = ['montant', 'mode', 'operateur', 'reference', 'detteId'] as const;
const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));

/**
 * « Enregistrer un règlement »: an amount in any payment mode, allocated to the chosen debt, else
 * to the oldest debts first. The whole outstanding is offered by default.
 */
export function ReglementDialog({ serviceId, clientId, devise, dettes, onDone, onHide }: Props) {
  const [cle] = useState(newCleIdempotence);
  const encours = dettes.reduce((s, d) => s + d.reste, 0);
  const [montant, setMontant] = useState<number | null>(encours);
  const [mode, setMode] = useState<ModePaiement>('especes');
  const [operateur, setOperateur] = useState('');
  const [operateurs, setOperateurs] = useState<string[]>([]);
  const [reference, setReference] = useState('');
  const [detteId, setDetteId] = useState<number | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useCreateReglement(serviceId, clientId);
  const feedback = useFeedback();
  const errors = { ...fieldErrorsOf(create.error), ...localErrors };
  const choisie = dettes.find((d) => d.id === detteId);
  const max = choisie ? choisie.reste : encours;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      cleIdempotence: cle,
      montant: montant ?? 0,
      mode,
      operateur: operateur.trim() || null,
      reference: reference.trim() || null,
      detteId,
    };
    const found = validate(reglementInputSchema, body);
    if (!found['montant'] && body.montant > max)
      found['montant'] = `Le montant dépasse ce qui est dû (${formatMoney(max, devise)}).`;
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: onDone,
      onError: feedback.formError('Règlement impossible', FIELDS),
    });
  };
  const detteOptions = [
    { value: null, label: 'Les plus anciennes d’abord' },
    ...dettes.map((d) => ({
      value: d.id,
      label: `${d.vente.numero} — reste ${formatMoney(d.reste, devise)}`,
    })),
  ];

  return (
    <FormDialog
      header="Enregistrer un règlement"
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={create.isPending}
      width="34rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Règlement">
        <p className="m-0 mb-3">{`Encours du client : ${formatMoney(encours, devise)}`}</p>
        <FormField id="reglement-dette" label="Dette à régler" error={errors['detteId']}>
          <Dropdown
            inputId="reglement-dette"
            value={detteId}
            options={detteOptions}
            onChange={(e) => setDetteId((e.value as number | null) ?? null)}
            className="w-full"
          />
        </FormField>
        <FormField
          id="reglement-montant"
          label="Montant"
          error={errors['montant']}
          hint={`Au plus ${formatMoney(max, devise)}.`}
        >
          <MoneyInput
            id="reglement-montant"
            value={montant}
            onChange={setMontant}
            devise={devise}
            error={errors['montant']}
          />
        </FormField>
        <FormField id="reglement-mode" label="Mode de paiement" error={errors['mode']}>
          <Dropdown
            inputId="reglement-mode"
            value={mode}
            options={MODE_OPTIONS}
            onChange={(e) => setMode(e.value as ModePaiement)}
            className="w-full"
          />
        </FormField>
        {mode === 'mobile_money' && (
          <FormField id="reglement-operateur" label="Opérateur" error={errors['operateur']}>
            <AutoComplete
              inputId="reglement-operateur"
              value={operateur}
              suggestions={operateurs}
              completeMethod={(e) =>
                setOperateurs(
                  OPERATEURS_MOBILE.filter((o) => o.toLowerCase().includes(e.query.toLowerCase())),
                )
              }
              onChange={(e) => setOperateur(String(e.value ?? ''))}
              dropdown
              className="w-full"
              inputClassName="w-full"
              invalid={Boolean(errors['operateur'])}
            />
          </FormField>
        )}
        {mode !== 'especes' && (
          <FormField
            id="reglement-reference"
            label="Référence (facultatif)"
            error={errors['reference']}
          >
            <InputText
              id="reglement-reference"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={80}
              className="w-full"
              {...fieldA11y('reglement-reference', errors['reference'])}
            />
          </FormField>
        )}
      </form>
    </FormDialog>
  );
}
