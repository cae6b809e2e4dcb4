import { nouveauProduitAchatSchema, type Unite } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormField, fieldA11y } from '../../../components/FormField';
import { MoneyInput } from '../../../components/MoneyInput';
import { validate } from '../../../lib/validation';
import type { NouveauProduitLigne } from './achat-cart';

export interface NouvelleLigne {
  produit: NouveauProduitLigne;
  uniteSymbole: string;
  fractionnable: boolean;
  cout: number;
}

interface Props {
  devise: string;
  unites: readonly Unite[];
  /** What was typed in the product search (a name or a barcode). */
  initial: string;
  onAdd: (ligne: NouvelleLigne) => void;
  onHide: () => void;
}

const FORM_ID = 'achat-nouveau-produit';

/**
 * « Nouveau produit » on a purchase line: the product is described here (name, barcode, unit,
 * sale price) with its unit cost, and created by the server with the draft.
 */
export function NouveauProduitDialog({ devise, unites, initial, onAdd, onHide }: Props) {
  const code = /^\d{6,}$/.test(initial.trim());
  const [nom, setNom] = useState(code ? '' : initial.trim());
  const [codeBarres, setCodeBarres] = useState(code ? initial.trim() : '');
  const [uniteId, setUniteId] = useState<number | null>(unites[0]?.id ?? null);
  const [prixVente, setPrixVente] = useState<number | null>(null);
  const [cout, setCout] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const produit = {
      nom: nom.trim(),
      codeBarres: codeBarres.trim() || null,
      uniteId: uniteId ?? 0,
      prixVente: prixVente ?? 0,
    };
    const found = validate(nouveauProduitAchatSchema, produit);
    if (uniteId === null) found['uniteId'] = "Choisissez l'unité du produit.";
    if (cout === null) found['cout'] = "Saisissez le coût d'achat unitaire.";
    setErrors(found);
    const unite = unites.find((u) => u.id === uniteId);
    if (Object.keys(found).length > 0 || !unite || cout === null) return;
    onAdd({
      produit,
      uniteSymbole: unite.symbole,
      fractionnable: unite.fractionnable,
      cout,
    });
  };

  return (
    <FormDialog
      header="Nouveau produit"
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={false}
      width="32rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Nouveau produit">
        <p className="m-0 mb-3 text-color-secondary">
          Le produit est créé avec le brouillon de l’achat.
        </p>
        <FormField id="np-nom" label="Nom" error={errors['nom']}>
          <InputText
            id="np-nom"
            value={nom}
            onChange={(e) => setNom(e.target.value)}
            maxLength={150}
            className="w-full"
            autoFocus
            {...fieldA11y('np-nom', errors['nom'])}
          />
        </FormField>
        <FormField id="np-code" label="Code-barres (facultatif)" error={errors['codeBarres']}>
          <InputText
            id="np-code"
            value={codeBarres}
            onChange={(e) => setCodeBarres(e.target.value)}
            className="w-full"
            {...fieldA11y('np-code', errors['codeBarres'])}
          />
        </FormField>
        <FormField id="np-unite" label="Unité" error={errors['uniteId']}>
          <Dropdown
            inputId="np-unite"
            value={uniteId}
            options={unites.map((u) => ({ value: u.id, label: `${u.nom} (${u.symbole})` }))}
            onChange={(e) => setUniteId(e.value as number)}
            className="w-full"
          />
        </FormField>
        <div className="formgrid grid">
          <FormField
            id="np-cout"
            label="Coût d’achat unitaire"
            error={errors['cout']}
            className="field col-6"
          >
            <MoneyInput
              id="np-cout"
              value={cout}
              onChange={setCout}
              devise={devise}
              error={errors['cout']}
            />
          </FormField>
          <FormField
            id="np-prix"
            label="Prix de vente"
            error={errors['prixVente']}
            className="field col-6"
          >
            <MoneyInput
              id="np-prix"
              value={prixVente}
              onChange={setPrixVente}
              devise={devise}
              error={errors['prixVente']}
            />
          </FormField>
        </div>
      </form>
    </FormDialog>
  );
}
