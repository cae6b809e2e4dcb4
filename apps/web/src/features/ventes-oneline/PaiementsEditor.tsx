import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  OPERATEURS_MOBILE,
  formatMoney,
  type ModePaiement,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { FormField } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import type { PaiementSaisi } from './panier';

interface Props {
  paiements: readonly PaiementSaisi[];
  devise: string;
  /** What is still to pay before this payment list: the default amount of a new payment. */
  reste: number;
  errors: Readonly<Record<string, string>>;
  onChange: (paiements: PaiementSaisi[]) => void;
}

const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));
const OPERATEUR_OPTIONS = OPERATEURS_MOBILE.map((o) => ({ value: o, label: o }));

/** Payments of the sale: several, any mode; cash received and change; operator for mobile money. */
export function PaiementsEditor({ paiements, devise, reste, errors, onChange }: Props) {
  const set = (i: number, patch: Partial<PaiementSaisi>) =>
    onChange(paiements.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const add = () =>
    onChange([
      ...paiements,
      {
        mode: 'especes',
        montant: reste > 0 ? reste : null,
        recu: null,
        operateur: '',
        reference: '',
      },
    ]);
  return (
    <div className="flex flex-column gap-2">
      {paiements.map((p, i) => {
        const rendu =
          p.mode === 'especes' && p.recu !== null && p.montant !== null ? p.recu - p.montant : 0;
        return (
          <fieldset
            key={i}
            className="formgrid grid border-1 surface-border border-round m-0 p-2"
            aria-label={`Paiement ${i + 1}`}
          >
            <FormField id={`paiement-${i}-mode`} label="Mode" className="field col-12 md:col-3">
              <Dropdown
                inputId={`paiement-${i}-mode`}
                value={p.mode}
                options={MODE_OPTIONS}
                onChange={(e) => set(i, { mode: e.value as ModePaiement, recu: null })}
                className="w-full"
              />
            </FormField>
            <FormField
              id={`paiement-${i}-montant`}
              label="Montant"
              className="field col-12 md:col-3"
              error={errors[`paiements.${i}.montant`]}
            >
              <MoneyInput
                id={`paiement-${i}-montant`}
                value={p.montant}
                onChange={(montant) => set(i, { montant })}
                devise={devise}
              />
            </FormField>
            {p.mode === 'especes' && (
              <FormField
                id={`paiement-${i}-recu`}
                label="Reçu"
                className="field col-12 md:col-3"
                error={errors[`paiements.${i}.recu`]}
                hint={rendu > 0 ? `Monnaie à rendre : ${formatMoney(rendu, devise)}` : 'Facultatif'}
              >
                <MoneyInput
                  id={`paiement-${i}-recu`}
                  value={p.recu}
                  onChange={(recu) => set(i, { recu })}
                  devise={devise}
                  error={errors[`paiements.${i}.recu`]}
                />
              </FormField>
            )}
            {p.mode === 'mobile_money' && (
              <FormField
                id={`paiement-${i}-operateur`}
                label="Opérateur"
                className="field col-12 md:col-3"
                error={errors[`paiements.${i}.operateur`]}
              >
                <Dropdown
                  inputId={`paiement-${i}-operateur`}
                  value={p.operateur || null}
                  options={OPERATEUR_OPTIONS}
                  onChange={(e) => set(i, { operateur: String(e.value ?? '') })}
                  editable
                  className="w-full"
                />
              </FormField>
            )}
            {p.mode !== 'especes' && (
              <FormField
                id={`paiement-${i}-reference`}
                label="Référence"
                className="field col-12 md:col-2"
              >
                <InputText
                  id={`paiement-${i}-reference`}
                  value={p.reference}
                  onChange={(e) => set(i, { reference: e.target.value })}
                  maxLength={80}
                  className="w-full"
                />
              </FormField>
            )}
            <div className="col-12 md:col-1 flex align-items-center justify-content-end">
              <Button
                type="button"
                icon="pi pi-trash"
                rounded
                text
                severity="danger"
                aria-label={`Retirer le paiement ${i + 1}`}
                onClick={() => onChange(paiements.filter((_, j) => j !== i))}
              />
            </div>
          </fieldset>
        );
      })}
      {errors['paiements'] && (
        <small className="field-error" role="alert">
          {errors['paiements']}
        </small>
      )}
      <div>
        <Button
          type="button"
          label="Ajouter un paiement"
          icon="pi pi-plus"
          outlined
          size="small"
          onClick={add}
          disabled={paiements.length >= 10}
        />
      </div>
    </div>
  );
}
