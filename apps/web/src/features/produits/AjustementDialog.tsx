import { ajustementInputSchema, type AjustementInput, type Produit, deNom } from '@comptoir/shared';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { FormField, fieldA11y } from '../../components/FormField';
import { QuantityInput } from '../../components/QuantityInput';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';

interface Props {
  produit: Produit;
  saving: boolean;
  serverErrors: FieldErrors;
  onSave: (body: AjustementInput) => void;
  onHide: () => void;
}

const FORM_ID = 'ajustement-form';
const SENS = [
  { label: 'Entrée en stock', value: 1 },
  { label: 'Sortie de stock', value: -1 },
];
export const AJUSTEMENT_FIELDS = ['quantite', 'motif'] as const;

/** The owner's stock adjustment: in or out, a quantity (sent signed) and a mandatory reason. */
export function AjustementDialog({ produit, saving, serverErrors, onSave, onHide }: Props) {
  const [sens, setSens] = useState<1 | -1>(1);
  const [quantite, setQuantite] = useState<number | null>(null);
  const [motif, setMotif] = useState('');
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { quantite: sens * (quantite ?? 0), motif: motif.trim() };
    const found = validate(ajustementInputSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };
  return (
    <FormDialog
      header={`Ajuster le stock ${deNom(produit.nom)}`}
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={saving}
      width="30rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Ajustement de stock">
        <div className="field">
          <SelectButton
            value={sens}
            options={SENS}
            onChange={(e) => e.value && setSens(e.value as 1 | -1)}
            aria-label="Sens de l'ajustement"
            allowEmpty={false}
          />
        </div>
        <FormField id="ajustement-quantite" label="Quantité" error={errors['quantite']}>
          <QuantityInput
            id="ajustement-quantite"
            value={quantite}
            onChange={setQuantite}
            fractionnable={produit.unite.fractionnable}
            suffix={produit.unite.symbole}
            min={0}
            error={errors['quantite']}
          />
        </FormField>
        <FormField id="ajustement-motif" label="Motif" error={errors['motif']}>
          <InputText
            id="ajustement-motif"
            value={motif}
            onChange={(e) => setMotif(e.target.value)}
            maxLength={255}
            className="w-full"
            invalid={Boolean(errors['motif'])}
            {...fieldA11y('ajustement-motif', errors['motif'])}
          />
        </FormField>
      </form>
    </FormDialog>
  );
}
