import {
  produitCreateSchema,
  produitUpdateSchema,
  type Categorie,
  type Marque,
  type Produit,
  type ProduitCreate,
  type Unite,
} from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { QuantityInput } from '../../components/QuantityInput';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';
import { BarcodeInput } from './BarcodeInput';
import { bodyOf, initialValues, type ProduitValues } from './produit-form';

interface Props {
  formId: string;
  produit: Produit | null;
  devise: string;
  categories: Categorie[];
  /** Null: the brand is shown but not chosen (the manager does not read the brands). */
  marques: Marque[] | null;
  unites: Unite[];
  /** A new product's VAT rate, in hundredths of a percent. */
  defaultTva: number;
  serverErrors: FieldErrors;
  onSave: (body: ProduitCreate) => void;
}

const NO_UNIT = "Choisissez l'unité du produit.";
const NO_PRICE = 'Le prix de vente est obligatoire.';

/** Every field of a product; the barcode field takes a scanner's Enter without submitting. */
export function ProduitForm({
  formId,
  produit,
  devise,
  categories,
  marques,
  unites,
  defaultTva,
  serverErrors,
  onSave,
}: Props) {
  const creating = produit === null;
  const [v, setValues] = useState<ProduitValues>(() => initialValues(produit, defaultTva));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const set = <K extends keyof ProduitValues>(key: K, value: ProduitValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  const unite =
    unites.find((u) => u.id === v.uniteId) ??
    (produit && produit.unite.id === v.uniteId ? produit.unite : null);
  const fractionnable = unite?.fractionnable ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(v, creating);
    const found = validate(creating ? produitCreateSchema : produitUpdateSchema, body);
    if (v.uniteId === null) found['uniteId'] = NO_UNIT;
    if (v.prixVente === null) found['prixVente'] = NO_PRICE;
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };

  const text = (key: 'nom' | 'reference', label: string, col: string, max: number) => (
    <FormField id={`produit-${key}`} label={label} error={errors[key]} className={`field ${col}`}>
      <InputText
        id={`produit-${key}`}
        value={v[key]}
        onChange={(e) => set(key, e.target.value)}
        maxLength={max}
        className="w-full"
        invalid={Boolean(errors[key])}
        {...fieldA11y(`produit-${key}`, errors[key])}
      />
    </FormField>
  );
  const money = (key: 'prixAchat' | 'prixVente' | 'prixGros', label: string) => (
    <FormField
      id={`produit-${key}`}
      label={label}
      error={errors[key]}
      className="field col-12 md:col-4"
      hint={key === 'prixGros' ? 'Facultatif : sinon le prix de vente.' : undefined}
    >
      <MoneyInput
        id={`produit-${key}`}
        value={v[key]}
        onChange={(m) => set(key, m)}
        devise={devise}
        error={errors[key]}
      />
    </FormField>
  );

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Produit" className="formgrid grid">
      {text('nom', 'Nom', 'col-12 md:col-6', 150)}
      {text('reference', 'Référence', 'col-12 md:col-3', 64)}
      <FormField
        id="produit-codeBarres"
        label="Code-barres"
        error={errors['codeBarres']}
        className="field col-12 md:col-3"
        hint={creating ? 'Vide : un code EAN-13 est généré.' : undefined}
      >
        <BarcodeInput
          id="produit-codeBarres"
          value={v.codeBarres}
          onChange={(code) => set('codeBarres', code)}
          onChecked={(error) =>
            setLocalErrors(({ codeBarres: _old, ...rest }) =>
              error ? { ...rest, codeBarres: error } : rest,
            )
          }
          nextId="produit-categorieId"
          error={errors['codeBarres']}
        />
      </FormField>
      <FormField
        id="produit-categorieId"
        label="Catégorie"
        error={errors['categorieId']}
        className="field col-12 md:col-4"
      >
        <Dropdown
          inputId="produit-categorieId"
          value={v.categorieId}
          options={categories}
          optionLabel="nom"
          optionValue="id"
          onChange={(e) => set('categorieId', (e.value as number | null) ?? null)}
          placeholder="Aucune"
          showClear
          filter
          emptyMessage="Aucune catégorie"
          className="w-full"
          {...fieldA11y('produit-categorieId', errors['categorieId'])}
        />
      </FormField>
      <FormField
        id="produit-marqueId"
        label="Marque"
        error={errors['marqueId']}
        className="field col-12 md:col-4"
      >
        {marques ? (
          <Dropdown
            inputId="produit-marqueId"
            value={v.marqueId}
            options={marques}
            optionLabel="nom"
            optionValue="id"
            onChange={(e) => set('marqueId', (e.value as number | null) ?? null)}
            placeholder="Aucune"
            showClear
            filter
            emptyMessage="Aucune marque"
            className="w-full"
            {...fieldA11y('produit-marqueId', errors['marqueId'])}
          />
        ) : (
          <InputText
            id="produit-marqueId"
            value={produit?.marque?.nom ?? '—'}
            disabled
            className="w-full"
          />
        )}
      </FormField>
      <FormField
        id="produit-uniteId"
        label="Unité"
        error={errors['uniteId']}
        className="field col-12 md:col-4"
      >
        <Dropdown
          inputId="produit-uniteId"
          value={v.uniteId}
          options={unites}
          optionLabel="nom"
          optionValue="id"
          onChange={(e) => set('uniteId', (e.value as number | null) ?? null)}
          placeholder="Choisir l'unité"
          filter
          emptyMessage="Aucune unité"
          className="w-full"
          invalid={Boolean(errors['uniteId'])}
          {...fieldA11y('produit-uniteId', errors['uniteId'])}
        />
      </FormField>
      {money('prixAchat', "Prix d'achat")}
      {money('prixVente', 'Prix de vente')}
      {money('prixGros', 'Prix de gros')}
      <FormField
        id="produit-tauxTva"
        label="Taux de TVA"
        error={errors['tauxTva']}
        className="field col-12 md:col-4"
      >
        <InputNumber
          inputId="produit-tauxTva"
          value={v.tauxTvaPercent}
          onValueChange={(e) => set('tauxTvaPercent', e.value ?? null)}
          mode="decimal"
          locale="fr-FR"
          minFractionDigits={0}
          maxFractionDigits={2}
          min={0}
          max={100}
          suffix=" %"
          className="w-full"
          inputClassName="w-full"
          invalid={Boolean(errors['tauxTva'])}
          {...fieldA11y('produit-tauxTva', errors['tauxTva'])}
        />
      </FormField>
      <FormField
        id="produit-seuilAlerte"
        label="Seuil d'alerte"
        error={errors['seuilAlerte']}
        className="field col-12 md:col-4"
      >
        <QuantityInput
          id="produit-seuilAlerte"
          value={v.seuilAlerte}
          onChange={(q) => set('seuilAlerte', q)}
          fractionnable={fractionnable}
          suffix={unite?.symbole}
          min={0}
          error={errors['seuilAlerte']}
        />
      </FormField>
      {creating && (
        <FormField
          id="produit-stockInitial"
          label="Stock initial"
          error={errors['stockInitial']}
          className="field col-12 md:col-4"
        >
          <QuantityInput
            id="produit-stockInitial"
            value={v.stockInitial}
            onChange={(q) => set('stockInitial', q)}
            fractionnable={fractionnable}
            suffix={unite?.symbole}
            min={0}
            error={errors['stockInitial']}
          />
        </FormField>
      )}
      <FormField
        id="produit-description"
        label="Description"
        error={errors['description']}
        className="field col-12"
      >
        <InputTextarea
          id="produit-description"
          value={v.description}
          onChange={(e) => set('description', e.target.value)}
          rows={3}
          maxLength={2000}
          autoResize
          className="w-full"
          invalid={Boolean(errors['description'])}
          {...fieldA11y('produit-description', errors['description'])}
        />
      </FormField>
      <div className="field col-12">
        <div className="flex align-items-center gap-2">
          <InputSwitch
            inputId="produit-actif"
            checked={v.actif}
            onChange={(e) => set('actif', Boolean(e.value))}
          />
          <label htmlFor="produit-actif" className="m-0">
            Produit actif (proposé à la vente)
          </label>
        </div>
      </div>
    </form>
  );
}
