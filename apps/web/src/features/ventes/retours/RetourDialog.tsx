import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  RETOUR_MODES,
  RETOUR_MODE_LABELS,
  formatMoney,
  formatQuantity,
  type ModePaiement,
  type Retour,
  type RetourMode,
  type Vente,
} from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormField, fieldA11y } from '../../../components/FormField';
import { QuantityInput } from '../../../components/QuantityInput';
import { fieldErrorsOf } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useCreateRetour } from '../liste/api';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { CaissePicker, avecCaisse, erreurCaisse } from '../../caisses';
import {
  montantLigne,
  montantTotal,
  repartitionRetour,
  retourBody,
  retourErrors,
  retournable,
  type Quantites,
} from './retour';

interface Props {
  serviceId: number;
  vente: Vente;
  onDone: (retour: Retour) => void;
  onHide: () => void;
}

const FORM_ID = 'retour-form';
const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));

/**
 * « Retourner des articles »: per line the quantity to return (never more than sold minus already
 * returned), the amount as the server will compute it, refunded or credited to the customer.
 * A refund names the register that pays it out (« Caisse qui encaisse », an open one); without an
 * open register it is not sent. One idempotency key per opening of the dialog: a retry after a
 * lost answer records nothing new.
 */
export function RetourDialog({ serviceId, vente, onDone, onHide }: Props) {
  const [cle] = useState(newCleIdempotence);
  const [quantites, setQuantites] = useState<Quantites>({});
  const [mode, setMode] = useState<RetourMode>('remboursement');
  const [modeRemboursement, setModeRemboursement] = useState<ModePaiement | null>('especes');
  const [motif, setMotif] = useState('');
  // The register that pays the refund out (null: none open).
  const [caisseId, setCaisseId] = useState<number | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useCreateRetour(serviceId, vente.id);
  const feedback = useFeedback();
  const errors = { ...fieldErrorsOf(create.error), ...localErrors };
  const devise = vente.devise;
  const montant = montantTotal(vente.lignes, quantites);
  const { imputeDette, solde } = repartitionRetour(montant, vente.reste);
  // Money leaves the drawer (what settles the sale's debt or goes to the account is no money).
  const rembourse = mode === 'remboursement' && solde > 0;
  const modes = RETOUR_MODES.filter((m) => m !== 'avoir' || vente.client).map((value) => ({
    value,
    label: RETOUR_MODE_LABELS[value],
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = retourErrors(vente, quantites, mode, modeRemboursement);
    const sansCaisse = erreurCaisse('retour', rembourse, caisseId);
    if (sansCaisse) found['caisseId'] = sansCaisse;
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = retourBody(cle, vente, quantites, mode, modeRemboursement, motif);
    create.mutate(avecCaisse(body, rembourse, caisseId), {
      onSuccess: onDone,
      onError: feedback.formError('Retour impossible', ['motif', 'mode', 'modeRemboursement']),
    });
  };

  return (
    <FormDialog
      header={`Retourner des articles de la vente ${vente.numero}`}
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={create.isPending}
      width="52rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Retour d'articles">
        <table className="w-full mb-3" style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr className="text-left text-sm text-color-secondary">
              <th className="p-1">Article</th>
              <th className="p-1 text-right">Vendu</th>
              <th className="p-1 text-right">Déjà retourné</th>
              <th className="p-1" style={{ width: '11rem' }}>
                À retourner
              </th>
              <th className="p-1 text-right">Montant</th>
            </tr>
          </thead>
          <tbody>
            {vente.lignes.map((l) => {
              const id = `retour-ligne-${l.id}`;
              const error = errors[`ligne-${l.id}`];
              const max = retournable(l);
              return (
                <tr key={l.id} className="border-top-1 surface-border">
                  <td className="p-1">
                    <label htmlFor={id}>{l.nom}</label>
                  </td>
                  <td className="p-1 text-right white-space-nowrap">{`${formatQuantity(l.quantite)}\u00A0${l.uniteSymbole}`}</td>
                  <td className="p-1 text-right white-space-nowrap">{`${formatQuantity(l.quantiteRetournee)}\u00A0${l.uniteSymbole}`}</td>
                  <td className="p-1">
                    {l.produitId === null ? (
                      <span className="text-color-secondary">Prestation : sans retour</span>
                    ) : max > 0 ? (
                      <QuantityInput
                        id={id}
                        value={quantites[l.id] ?? null}
                        onChange={(q) => setQuantites((prev) => ({ ...prev, [l.id]: q }))}
                        fractionnable={l.fractionnable}
                        suffix={l.uniteSymbole}
                        min={0}
                        error={error}
                      />
                    ) : (
                      <span className="text-color-secondary">Tout est retourné</span>
                    )}
                    {error && (
                      <small id={`${id}-error`} className="field-error" role="alert">
                        {error}
                      </small>
                    )}
                  </td>
                  <td className="p-1 text-right white-space-nowrap">
                    {formatMoney(montantLigne(l, quantites[l.id]), devise)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {errors['lignes'] && (
          <Message
            severity="error"
            text={errors['lignes']}
            className="w-full justify-content-start mb-3"
          />
        )}
        <p className="text-lg m-0 mb-2" aria-live="polite">
          Montant du retour :{' '}
          <strong data-testid="retour-montant">{formatMoney(montant, devise)}</strong>
          {imputeDette > 0 && (
            <span className="block text-base">{`Dont ${formatMoney(imputeDette, devise)} déduits du reste à payer de la vente.`}</span>
          )}
        </p>
        <div className="field">
          <SelectButton
            value={mode}
            options={modes}
            onChange={(e) => e.value && setMode(e.value as RetourMode)}
            allowEmpty={false}
            aria-label="Remboursement ou avoir"
          />
          {!vente.client && (
            <small className="block mt-1 text-color-secondary">
              Vente sans client : pas d'avoir possible.
            </small>
          )}
          {errors['mode'] && (
            <small className="field-error" role="alert">
              {errors['mode']}
            </small>
          )}
        </div>
        {rembourse && (
          <FormField
            id="retour-mode-remboursement"
            label={`Rembourser ${formatMoney(solde, devise)} en`}
            error={errors['modeRemboursement']}
          >
            <Dropdown
              inputId="retour-mode-remboursement"
              value={modeRemboursement}
              options={MODE_OPTIONS}
              onChange={(e) => setModeRemboursement(e.value as ModePaiement)}
              className="w-full"
            />
          </FormField>
        )}
        {rembourse && (
          <CaissePicker
            serviceId={serviceId}
            value={caisseId}
            onChange={setCaisseId}
            error={errors['caisseId']}
            pour="retour"
          />
        )}
        {mode === 'avoir' && solde > 0 && (
          <p className="m-0 mb-3">{`${formatMoney(solde, devise)} iront au compte du client (ses autres dettes d'abord).`}</p>
        )}
        <FormField id="retour-motif" label="Motif (facultatif)" error={errors['motif']}>
          <InputText
            id="retour-motif"
            value={motif}
            onChange={(e) => setMotif(e.target.value)}
            maxLength={255}
            className="w-full"
            {...fieldA11y('retour-motif', errors['motif'])}
          />
        </FormField>
      </form>
    </FormDialog>
  );
}
