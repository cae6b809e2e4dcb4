import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  OPERATEURS_MOBILE,
  formatMoney,
  type ModePaiement,
} from '@comptoir/shared';
import { AutoComplete } from 'primereact/autocomplete';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { FormDialog } from '../FormDialog';
import { FormField, fieldA11y } from '../FormField';
import { MoneyInput } from '../MoneyInput';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { fieldErrorsOf } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { validate } from '../../lib/validation';

/** A document with something left to pay (a customer's debt, a purchase), oldest first. */
export interface DocumentOuvert {
  id: number;
  numero: string;
  reste: number;
}

/** The body both payment routes take: the document chosen under `field`, else null. */
export type ReglementBody<F extends string> = {
  cleIdempotence: string;
  montant: number;
  mode: ModePaiement;
  operateur: string | null;
  reference: string | null;
  caisseId?: number;
} & Record<F, number | null>;

interface Props<F extends string, R> {
  /** « Enregistrer un règlement », « Payer le fournisseur ». */
  header: string;
  /** Accessible name of the form. */
  formLabel: string;
  /** Prefix of the form's ids (`reglement`, `reglement-fournisseur`). */
  idPrefix: string;
  /** « Encours du client », « Dû au fournisseur ». */
  soldeLabel: string;
  /** The document to pay: body field, id suffix, label, and the « oldest first » choice. */
  choix: { field: F; id: string; label: string; tous: string };
  documents: readonly DocumentOuvert[];
  /** The document chosen when the dialog opens (null: oldest first). */
  initial?: number | null;
  /** Choosing a document sets the amount to what it owes (otherwise the amount stays). */
  montantDuChoix: boolean;
  schema: z.ZodType;
  /** The payment's mutation (react-query's `mutate`, `isPending`, `error`). */
  mutation: {
    mutate: (
      body: ReglementBody<F>,
      options: { onSuccess: (reglement: R) => void; onError: (error: unknown) => void },
    ) => void;
    isPending: boolean;
    error: Error | null;
  };
  /**
   * The register that receives the money (a customer's repayment): the one chosen, the error when
   * none is open (nothing is sent), and its picker under the payment mode.
   */
  caisse?: {
    id: number | null;
    erreur: string | undefined;
    picker: (error: string | undefined) => ReactNode;
  };
  /** Title of the error toast (« Règlement impossible »). */
  errorTitle: string;
  devise: string;
  onDone: (reglement: R) => void;
  onHide: () => void;
}

const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));

/**
 * A payment of what a party owes or is owed: an amount in any mode, on the chosen document, else on
 * the oldest first; never more than owed (checked here and by the server). What is owed is offered
 * by default. The customer's settlement and the supplier's payment are both this dialog.
 */
export function ReglementDettesDialog<F extends string, R>(p: Props<F, R>) {
  const { documents, devise, choix, mutation } = p;
  const [cle] = useState(newCleIdempotence);
  const [documentId, setDocumentId] = useState<number | null>(p.initial ?? null);
  const du = (id: number | null) =>
    id === null
      ? documents.reduce((s, d) => s + d.reste, 0)
      : (documents.find((d) => d.id === id)?.reste ?? 0);
  const [montant, setMontant] = useState<number | null>(du(documentId));
  const [mode, setMode] = useState<ModePaiement>('especes');
  const [operateur, setOperateur] = useState('');
  const [operateurs, setOperateurs] = useState<string[]>([]);
  const [reference, setReference] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const feedback = useFeedback();
  const errors = { ...fieldErrorsOf(mutation.error), ...localErrors };
  const max = du(documentId);
  const id = (suffix: string) => `${p.idPrefix}-${suffix}`;
  const formId = `${p.idPrefix}-form`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      cleIdempotence: cle,
      montant: montant ?? 0,
      mode,
      operateur: operateur.trim() || null,
      reference: reference.trim() || null,
      [choix.field]: documentId,
      ...(p.caisse?.id != null && { caisseId: p.caisse.id }),
    } as ReglementBody<F>;
    const found = validate(p.schema, body);
    if (!found['montant'] && body.montant > max)
      found['montant'] = `Le montant dépasse ce qui est dû (${formatMoney(max, devise)}).`;
    if (p.caisse?.erreur) found['caisseId'] = p.caisse.erreur;
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(body, {
      onSuccess: p.onDone,
      onError: feedback.formError(p.errorTitle, [
        'montant',
        'mode',
        'operateur',
        'reference',
        choix.field,
      ]),
    });
  };
  const options = [
    { value: null, label: choix.tous },
    ...documents.map((d) => ({
      value: d.id,
      label: `${d.numero} — reste ${formatMoney(d.reste, devise)}`,
    })),
  ];

  return (
    <FormDialog
      header={p.header}
      visible
      onHide={p.onHide}
      formId={formId}
      saving={mutation.isPending}
      width="34rem"
    >
      <form id={formId} onSubmit={submit} noValidate aria-label={p.formLabel}>
        <p className="m-0 mb-3">{`${p.soldeLabel} : ${formatMoney(du(null), devise)}`}</p>
        <FormField id={id(choix.id)} label={choix.label} error={errors[choix.field]}>
          <Dropdown
            inputId={id(choix.id)}
            value={documentId}
            options={options}
            onChange={(e) => {
              const chosen = (e.value as number | null) ?? null;
              setDocumentId(chosen);
              if (p.montantDuChoix) setMontant(du(chosen));
            }}
            className="w-full"
          />
        </FormField>
        <FormField
          id={id('montant')}
          label="Montant"
          error={errors['montant']}
          hint={`Au plus ${formatMoney(max, devise)}.`}
        >
          <MoneyInput
            id={id('montant')}
            value={montant}
            onChange={setMontant}
            devise={devise}
            error={errors['montant']}
          />
        </FormField>
        <FormField id={id('mode')} label="Mode de paiement" error={errors['mode']}>
          <Dropdown
            inputId={id('mode')}
            value={mode}
            options={MODE_OPTIONS}
            onChange={(e) => setMode(e.value as ModePaiement)}
            className="w-full"
          />
        </FormField>
        {mode === 'mobile_money' && (
          <FormField id={id('operateur')} label="Opérateur" error={errors['operateur']}>
            <AutoComplete
              inputId={id('operateur')}
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
            id={id('reference')}
            label="Référence (facultatif)"
            error={errors['reference']}
          >
            <InputText
              id={id('reference')}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={80}
              className="w-full"
              {...fieldA11y(id('reference'), errors['reference'])}
            />
          </FormField>
        )}
        {p.caisse?.picker(errors['caisseId'])}
      </form>
    </FormDialog>
  );
}
