import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  RETOUR_MODES,
  RETOUR_MODE_LABELS,
  formatQuantity,
  type Avoir,
  type Facture,
  type ModePaiement,
  type RetourMode,
} from '@comptoir/shared';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { QuantityInput } from '../../components/QuantityInput';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { errorMessage } from '../../lib/errors';
import { CaissePicker, erreurCaisse } from '../caisses';
import { useCreateAvoir } from './api';

interface Props {
  serviceId: number;
  facture: Facture;
  onDone: (avoir: Avoir) => void;
  onHide: () => void;
}

const FORM_ID = 'avoir-form';
const MODE_OPTIONS = RETOUR_MODES.map((value) => ({ value, label: RETOUR_MODE_LABELS[value] }));
const PAIEMENT_OPTIONS = MODES_PAIEMENT.map((value) => ({
  value,
  label: MODE_PAIEMENT_LABELS[value],
}));

/**
 * « Créer un avoir »: per invoice line the quantity to credit (at most invoiced − already
 * credited), optionally with the goods coming back (a return: stock, refund or customer credit).
 * A refund names the register that pays it out (« Caisse qui encaisse », an open one), as a
 * return from the sales list does. One idempotency key per opening of the dialog.
 */
export function AvoirDialog({ serviceId, facture, onDone, onHide }: Props) {
  const [cle] = useState(newCleIdempotence);
  const [quantites, setQuantites] = useState<Record<number, number | null>>({});
  const [retour, setRetour] = useState(false);
  const [mode, setMode] = useState<RetourMode>('avoir');
  const [modeRemboursement, setModeRemboursement] = useState<ModePaiement>('especes');
  const [motif, setMotif] = useState('');
  // The register that pays a refund out (null: none open), as for a return from the sales list.
  const [caisseId, setCaisseId] = useState<number | null>(null);
  const [sansCaisse, setSansCaisse] = useState<string | undefined>();
  const [vide, setVide] = useState(false);
  const create = useCreateAvoir(serviceId, facture.id);
  const lignes = facture.lignes.filter((l) => l.quantite > l.quantiteCreditee);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choisies = lignes.flatMap((l) => {
      const q = quantites[l.id];
      return q ? [{ ligneId: l.id, quantite: q }] : [];
    });
    setVide(choisies.length === 0);
    const rembourse = retour && mode === 'remboursement';
    const erreur = erreurCaisse('retour', rembourse, caisseId);
    setSansCaisse(erreur);
    if (choisies.length === 0 || erreur) return;
    create.mutate(
      {
        cleIdempotence: cle,
        lignes: choisies,
        retour: retour
          ? {
              mode,
              modeRemboursement: rembourse ? modeRemboursement : null,
              ...(rembourse && caisseId !== null ? { caisseId } : {}),
            }
          : null,
        motif: motif.trim() || null,
      },
      { onSuccess: onDone },
    );
  };

  return (
    <FormDialog
      header={`Avoir sur la facture ${facture.numero}`}
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={create.isPending}
      width="48rem"
      submitLabel="Créer l’avoir"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <table className="w-full mb-3" aria-label="Lignes à créditer">
          <thead>
            <tr>
              <th className="text-left">Désignation</th>
              <th className="text-right">Facturé</th>
              <th className="text-right">Déjà crédité</th>
              <th className="text-right">À créditer</th>
            </tr>
          </thead>
          <tbody>
            {lignes.map((l) => {
              const reste = l.quantite - l.quantiteCreditee;
              return (
                <tr key={l.id}>
                  <td>
                    <label htmlFor={`avoir-ligne-${l.id}`}>{l.nom}</label>
                  </td>
                  <td className="text-right">{`${formatQuantity(l.quantite)} ${l.uniteSymbole}`}</td>
                  <td className="text-right">{formatQuantity(l.quantiteCreditee)}</td>
                  <td className="text-right" style={{ width: '9rem' }}>
                    <QuantityInput
                      id={`avoir-ligne-${l.id}`}
                      value={quantites[l.id] ?? null}
                      onChange={(q) => setQuantites({ ...quantites, [l.id]: q })}
                      fractionnable={l.quantite % 1000 !== 0 || reste % 1000 !== 0}
                      min={0}
                      suffix={` / ${formatQuantity(reste)}`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="flex align-items-center gap-2 mb-3">
          <Checkbox
            inputId="avoir-retour"
            checked={retour}
            onChange={(e) => setRetour(Boolean(e.checked))}
          />
          <label htmlFor="avoir-retour">La marchandise revient en stock (retour)</label>
        </div>
        {retour && (
          <div className="formgrid grid">
            <FormField id="avoir-mode" label="Le montant est" className="field col-12 md:col-6">
              <SelectButton
                id="avoir-mode"
                value={mode}
                options={MODE_OPTIONS}
                onChange={(e) => e.value && setMode(e.value as RetourMode)}
              />
            </FormField>
            {mode === 'remboursement' && (
              <FormField id="avoir-paiement" label="Remboursé en" className="field col-12 md:col-6">
                <Dropdown
                  inputId="avoir-paiement"
                  value={modeRemboursement}
                  options={PAIEMENT_OPTIONS}
                  onChange={(e) => setModeRemboursement(e.value as ModePaiement)}
                  className="w-full"
                />
              </FormField>
            )}
          </div>
        )}
        {retour && mode === 'remboursement' && (
          <CaissePicker
            serviceId={serviceId}
            value={caisseId}
            onChange={setCaisseId}
            error={sansCaisse}
            pour="retour"
          />
        )}
        <FormField id="avoir-motif" label="Motif" className="field">
          <InputText
            id="avoir-motif"
            value={motif}
            maxLength={255}
            onChange={(e) => setMotif(e.target.value)}
            className="w-full"
          />
        </FormField>
        {vide && (
          <Message
            severity="warn"
            text="Saisissez au moins une quantité à créditer."
            className="w-full justify-content-start"
          />
        )}
        {create.isError && (
          <Message
            severity="error"
            text={errorMessage(create.error)}
            className="w-full justify-content-start"
          />
        )}
      </form>
    </FormDialog>
  );
}
