import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  OPERATEURS_MOBILE,
  formatMoney,
  reglementFournisseurInputSchema,
  type ModePaiement,
  type ReglementFournisseur,
} from '@comptoir/shared';
import { AutoComplete } from 'primereact/autocomplete';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormField, fieldA11y } from '../../../components/FormField';
import { MoneyInput } from '../../../components/MoneyInput';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { fieldErrorsOf } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { validate } from '../../../lib/validation';
import { useReglementFournisseur } from '../api';

/** A validated purchase with something left to pay. */
export interface AchatOuvert {
  id: number;
  numero: string;
  reste: number;
}

interface Props {
  serviceId: number;
  fournisseurId: number;
  devise: string;
  /** Oldest first. */
  achats: readonly AchatOuvert[];
  /** The purchase the payment is for (from its detail); null: oldest first. */
  achatId?: number | null;
  onDone: (reglement: ReglementFournisseur) => void;
  onHide: () => void;
}

const FORM_ID = 'reglement-fournisseur-form';
const FIELDS = ['montant', 'mode', 'operateur', 'reference', 'achatId'] as const;
const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));

/**
 * « Payer le fournisseur »: an amount in any mode, on the chosen purchase, else on the oldest
 * first; never more than owed. What is owed is offered by default.
 */
export function ReglementFournisseurDialog(props: Props) {
  const { serviceId, fournisseurId, devise, achats, onDone, onHide } = props;
  const [cle] = useState(newCleIdempotence);
  const [achatId, setAchatId] = useState<number | null>(props.achatId ?? null);
  const du = (id: number | null) =>
    id === null
      ? achats.reduce((s, a) => s + a.reste, 0)
      : (achats.find((a) => a.id === id)?.reste ?? 0);
  const [montant, setMontant] = useState<number | null>(du(achatId));
  const [mode, setMode] = useState<ModePaiement>('especes');
  const [operateur, setOperateur] = useState('');
  const [operateurs, setOperateurs] = useState<string[]>([]);
  const [reference, setReference] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useReglementFournisseur(serviceId, fournisseurId);
  const feedback = useFeedback();
  const errors = { ...fieldErrorsOf(create.error), ...localErrors };
  const max = du(achatId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      cleIdempotence: cle,
      montant: montant ?? 0,
      mode,
      operateur: operateur.trim() || null,
      reference: reference.trim() || null,
      achatId,
    };
    const found = validate(reglementFournisseurInputSchema, body);
    if (!found['montant'] && body.montant > max)
      found['montant'] = `Le montant dépasse ce qui est dû (${formatMoney(max, devise)}).`;
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: onDone,
      onError: feedback.formError('Paiement impossible', FIELDS),
    });
  };
  const options = [
    { value: null, label: 'Les plus anciens d’abord' },
    ...achats.map((a) => ({
      value: a.id,
      label: `${a.numero} — reste ${formatMoney(a.reste, devise)}`,
    })),
  ];

  return (
    <FormDialog
      header="Payer le fournisseur"
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={create.isPending}
      width="34rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Paiement du fournisseur">
        <p className="m-0 mb-3">{`Dû au fournisseur : ${formatMoney(du(null), devise)}`}</p>
        <FormField
          id="reglement-fournisseur-achat"
          label="Achat à régler"
          error={errors['achatId']}
        >
          <Dropdown
            inputId="reglement-fournisseur-achat"
            value={achatId}
            options={options}
            onChange={(e) => {
              const id = (e.value as number | null) ?? null;
              setAchatId(id);
              setMontant(du(id));
            }}
            className="w-full"
          />
        </FormField>
        <FormField
          id="reglement-fournisseur-montant"
          label="Montant"
          error={errors['montant']}
          hint={`Au plus ${formatMoney(max, devise)}.`}
        >
          <MoneyInput
            id="reglement-fournisseur-montant"
            value={montant}
            onChange={setMontant}
            devise={devise}
            error={errors['montant']}
          />
        </FormField>
        <FormField id="reglement-fournisseur-mode" label="Mode de paiement" error={errors['mode']}>
          <Dropdown
            inputId="reglement-fournisseur-mode"
            value={mode}
            options={MODE_OPTIONS}
            onChange={(e) => setMode(e.value as ModePaiement)}
            className="w-full"
          />
        </FormField>
        {mode === 'mobile_money' && (
          <FormField
            id="reglement-fournisseur-operateur"
            label="Opérateur"
            error={errors['operateur']}
          >
            <AutoComplete
              inputId="reglement-fournisseur-operateur"
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
            id="reglement-fournisseur-reference"
            label="Référence (facultatif)"
            error={errors['reference']}
          >
            <InputText
              id="reglement-fournisseur-reference"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={80}
              className="w-full"
              {...fieldA11y('reglement-fournisseur-reference', errors['reference'])}
            />
          </FormField>
        )}
      </form>
    </FormDialog>
  );
}
