import { prixSelonType, type Devis, type TiersRef } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useCallback, useReducer, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  EMPTY_CART,
  cartReducer,
  toCartProduct,
  type Cart,
  type CartLine,
} from '../../../components/document/cart';
import { EcheanceInput } from '../../../components/document/EcheanceInput';
import { LignesEditor, type LignesConfig } from '../../../components/document/LignesEditor';
import { dayPlus } from '../../../components/document/payment';
import { RemiseInput } from '../../../components/document/RemiseInput';
import { TiersPicker } from '../../../components/document/TiersPicker';
import { TypeVenteField } from '../../../components/document/TypeVenteField';
import { useDocumentSetup } from '../../../components/document/use-document-setup';
import { FormField } from '../../../components/FormField';
import { PageHeader } from '../../../components/PageHeader';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { useCurrentShop } from '../../../lib/shop';
import { ProduitPicker, useReceiptShop, useTypesVentes } from '../../ventes';
import { useCreateDevis, useUpdateDevis } from '../api';
import { DocumentTotaux } from '../../../components/document/DocumentTotaux';
import { ClientIdentite } from './ClientIdentite';
import { calculerDevis, devisContenu, devisErrors, type Prestation } from './devis-saisie';
import { PrestationsEditor } from './PrestationsEditor';

const LIGNES: LignesConfig = {
  ids: { quantite: (_, i) => `ligne-${i}-quantite`, remise: (_, i) => `ligne-${i}-remise` },
  label: 'Produits du devis',
  rowTestId: 'devis-ligne',
  empty: 'Aucun produit : cherchez-en un ci-dessus, ou ajoutez une prestation.',
  montant: 'ttc',
};

export interface Initial {
  devis: Devis;
  cart: Cart;
  prestations: Prestation[];
}

export function DevisForm({ serviceId, initial }: { serviceId: number; initial: Initial | null }) {
  const { devise } = useCurrentShop();
  const navigate = useNavigate();
  const shop = useReceiptShop(serviceId);
  const types = useTypesVentes();
  const [cart, dispatch] = useReducer(cartReducer, initial?.cart ?? EMPTY_CART);
  const [prestations, setPrestations] = useState<Prestation[]>(initial?.prestations ?? []);
  const [dateValidite, setDateValidite] = useState<string | null>(
    initial?.devis.dateValidite ?? dayPlus(30),
  );
  const [note, setNote] = useState(initial?.devis.note ?? '');
  const [conditions, setConditions] = useState(initial?.devis.conditions ?? '');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useCreateDevis(serviceId);
  const update = useUpdateDevis(serviceId, initial?.devis.id ?? 0);
  const save = initial ? update : create;
  const { typeId, prix, regles, search, createTiers } = useDocumentSetup(
    serviceId,
    cart.typeVenteId,
    types.data,
    shop.data,
  );
  const saisi = { cart, prestations, dateValidite, note, conditions };
  const calc = calculerDevis(saisi, prix, regles);
  const prixDe = useCallback((l: CartLine) => prixSelonType(l.produit, prix), [prix]);

  if (devise === null || shop.isPending || types.isPending) return <p role="status">Chargement…</p>;
  if (shop.isError || types.isError)
    return <Message severity="error" text={errorMessage(shop.error ?? types.error)} />;
  const errors = { ...fieldErrorsOf(save.error), ...localErrors };
  const assujetti = shop.data.assujettiTva;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = devisErrors(saisi);
    setLocalErrors(found);
    if (Object.keys(found).length > 0 || typeId === null) return;
    const contenu = devisContenu(saisi, typeId);
    const done = (d: Devis) => void navigate(`/pages/devis/${d.id}`);
    if (initial) return update.mutate(contenu, { onSuccess: done });
    // The key of this quote, kept across retries until it is recorded.
    const cle = cart.cleIdempotence ?? newCleIdempotence();
    if (!cart.cleIdempotence) dispatch({ type: 'cle', cle });
    create.mutate({ ...contenu, cleIdempotence: cle }, { onSuccess: done });
  };
  const title = initial ? 'Modifier le brouillon de devis' : 'Nouveau devis';

  return (
    <div className="card-surface">
      <PageHeader title={title} />
      {save.isError && (
        <Message
          severity="error"
          text={errorMessage(save.error)}
          className="w-full justify-content-start mb-3"
          data-testid="devis-erreur"
        />
      )}
      <form onSubmit={submit} noValidate aria-label={title}>
        <div className="formgrid grid">
          <FormField
            id="devis-client"
            label="Client"
            error={errors['clientId']}
            className="field col-12 md:col-6"
          >
            <TiersPicker
              type="client"
              inputId="devis-client"
              placeholder="Nom ou téléphone"
              value={cart.client}
              onChange={(c: TiersRef | null) => dispatch({ type: 'client', client: c })}
              search={search}
              create={createTiers}
              invalid={Boolean(errors['clientId'])}
            />
            {cart.client && <ClientIdentite serviceId={serviceId} clientId={cart.client.id} />}
          </FormField>
          <TypeVenteField
            id="devis-type"
            value={typeId}
            types={types.data}
            error={errors['typeVenteId']}
            className="field col-6 md:col-3"
            onChange={(typeVenteId) => dispatch({ type: 'typeVente', typeVenteId })}
          />
          <FormField
            id="devis-validite"
            label="Valable jusqu’au"
            error={errors['dateValidite']}
            className="field col-6 md:col-3"
          >
            <EcheanceInput
              id="devis-validite"
              value={dateValidite}
              onChange={setDateValidite}
              invalid={Boolean(errors['dateValidite'])}
            />
          </FormField>
        </div>
        <h2 className="text-xl">Produits</h2>
        <div className="field">
          <ProduitPicker
            serviceId={serviceId}
            devise={devise}
            onAdd={(p) => dispatch({ type: 'add', produit: toCartProduct(p) })}
          />
        </div>
        {errors['lignes'] && (
          <Message
            severity="error"
            text={errors['lignes']}
            className="w-full justify-content-start mb-2"
          />
        )}
        <LignesEditor
          figures={{ lignes: cart.lignes, calc, prixDe }}
          devise={devise}
          dispatch={dispatch}
          config={LIGNES}
        />
        <h2 className="text-xl">Prestations</h2>
        <PrestationsEditor
          prestations={prestations}
          onChange={setPrestations}
          montants={calc.lignes.slice(cart.lignes.length).map((l) => l.montantTtc)}
          devise={devise}
          tauxDefaut={assujetti ? shop.data.tauxTvaDefaut : 0}
          assujettiTva={assujetti}
          errors={errors}
        />
        <div className="flex flex-wrap gap-4 justify-content-between mt-3">
          <div style={{ maxWidth: '18rem' }}>
            <label htmlFor="devis-remise-globale">Remise globale</label>
            <RemiseInput
              id="devis-remise-globale"
              label="Remise globale"
              value={cart.remiseGlobale}
              onChange={(remise) => dispatch({ type: 'remiseGlobale', remise })}
              devise={devise}
            />
          </div>
          <DocumentTotaux totaux={calc} devise={devise} testId="devis-totaux" />
        </div>
        <div className="formgrid grid mt-3">
          <FormField id="devis-note" label="Note (facultatif)" className="field col-12 md:col-6">
            <InputTextarea
              id="devis-note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={1000}
              rows={3}
              className="w-full"
            />
          </FormField>
          <FormField
            id="devis-conditions"
            label="Conditions (facultatif)"
            className="field col-12 md:col-6"
          >
            <InputTextarea
              id="devis-conditions"
              value={conditions}
              onChange={(e) => setConditions(e.target.value)}
              maxLength={2000}
              rows={3}
              className="w-full"
            />
          </FormField>
        </div>
        <div className="flex gap-2 justify-content-end">
          <Button
            type="submit"
            label="Enregistrer le brouillon"
            icon="pi pi-check"
            loading={save.isPending}
          />
        </div>
      </form>
    </div>
  );
}
