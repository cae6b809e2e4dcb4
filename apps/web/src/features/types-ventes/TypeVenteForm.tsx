import {
  PRIX_UTILISES,
  PRIX_UTILISE_LABELS,
  typeVenteInputSchema,
  type PrixUtilise,
  type TypeVente,
  type TypeVenteInput,
} from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';

export const TYPE_VENTE_FIELDS = ['nom', 'prixUtilise', 'actif'] as const;
const PRICE_OPTIONS = PRIX_UTILISES.map((value) => ({ value, label: PRIX_UTILISE_LABELS[value] }));

interface Props {
  formId: string;
  typeVente: TypeVente | null;
  serverErrors: FieldErrors;
  onSave: (body: TypeVenteInput) => void;
}

/** A sale type: name, the price it uses, active or not. */
export function TypeVenteForm({ formId, typeVente, serverErrors, onSave }: Props) {
  const [nom, setNom] = useState(typeVente?.nom ?? '');
  const [prixUtilise, setPrixUtilise] = useState<PrixUtilise>(typeVente?.prixUtilise ?? 'detail');
  const [actif, setActif] = useState(typeVente?.actif ?? true);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TypeVenteInput = { nom: nom.trim(), prixUtilise, actif };
    const found = validate(typeVenteInputSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label="Type de vente"
      className="formgrid grid"
    >
      <FormField id="type-vente-nom" label="Nom" error={errors['nom']} className="field col-12">
        <InputText
          id="type-vente-nom"
          value={nom}
          onChange={(e) => setNom(e.target.value)}
          maxLength={80}
          className="w-full"
          invalid={Boolean(errors['nom'])}
          {...fieldA11y('type-vente-nom', errors['nom'])}
        />
      </FormField>
      <FormField
        id="type-vente-prix"
        label="Prix utilisé"
        error={errors['prixUtilise']}
        className="field col-12"
        hint="Le prix de gros revient au prix de détail pour un produit qui n'en a pas."
      >
        <Dropdown
          inputId="type-vente-prix"
          value={prixUtilise}
          options={PRICE_OPTIONS}
          onChange={(e) => setPrixUtilise(e.value as PrixUtilise)}
          className="w-full"
          {...fieldA11y('type-vente-prix', errors['prixUtilise'])}
        />
      </FormField>
      <div className="field col-12">
        <div className="flex align-items-center gap-2">
          <InputSwitch
            inputId="type-vente-actif"
            checked={actif}
            onChange={(e) => setActif(Boolean(e.value))}
          />
          <label htmlFor="type-vente-actif" className="m-0">
            Actif (proposé à la caisse)
          </label>
        </div>
        {errors['actif'] && (
          <small className="field-error" role="alert">
            {errors['actif']}
          </small>
        )}
      </div>
    </form>
  );
}
