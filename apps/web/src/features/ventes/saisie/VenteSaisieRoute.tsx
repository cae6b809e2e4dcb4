import {
  formatMoney,
  resumePaiements,
  venteBody,
  venteErrors,
  type Produit,
  type TiersRef,
  type Vente,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useReducer, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EMPTY_CART, cartReducer, toCartProduct } from '../../../components/document/cart';
import { EcheanceInput } from '../../../components/document/EcheanceInput';
import { LignesEditor, type LignesConfig } from '../../../components/document/LignesEditor';
import { useCartFigures } from '../../../components/document/use-cart-figures';
import { PaiementsEditor } from '../../../components/document/PaiementsEditor';
import { useAvoirClient } from '../../../components/document/clients';
import { dayPlus, type PaymentDraft } from '../../../components/document/payment';
import { RemiseInput } from '../../../components/document/RemiseInput';
import { TiersPicker } from '../../../components/document/TiersPicker';
import { TypeVenteField } from '../../../components/document/TypeVenteField';
import { useDocumentSetup } from '../../../components/document/use-document-setup';
import { FormField } from '../../../components/FormField';
import { PageHeader } from '../../../components/PageHeader';
import { WithShop } from '../../../components/WithShop';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { useCurrentShop } from '../../../lib/shop';
import { CaissePicker, avecCaisse, erreurCaisse } from '../../caisses';
import { useCreateVente, useTypesVentes } from '../api';
import { useReceiptShop } from '../ticket/api';
import { ProduitPicker } from './ProduitPicker';
import { SaisieTotaux } from './SaisieTotaux';

/** The lines of the back-office sale: ids by position, each shows its amount after every discount. */
const LIGNES: LignesConfig = {
  ids: { quantite: (_, i) => `ligne-${i}-quantite`, remise: (_, i) => `ligne-${i}-remise` },
  label: 'Articles de la vente',
  rowTestId: 'vente-ligne',
  testId: 'vente-lignes-saisie',
  empty: 'Aucun article : cherchez un produit ci-dessus.',
  montant: 'ttc',
};

function VenteSaisie({ serviceId }: { serviceId: number }) {
  const { devise } = useCurrentShop();
  const shop = useReceiptShop(serviceId);
  const types = useTypesVentes();
  // The same cart as the point of sale, kept in memory; its key is made at the first submission.
  const [cart, dispatch] = useReducer(cartReducer, EMPTY_CART);
  const [paiements, setPaiements] = useState<PaymentDraft[]>([]);
  const [echeance, setEcheance] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [creee, setCreee] = useState<Vente | null>(null);
  // The register that takes the money, when money changes hands (null: none open).
  const [caisseId, setCaisseId] = useState<number | null>(null);
  const create = useCreateVente(serviceId);
  const { typeId, prix, regles, search, createTiers } = useDocumentSetup(
    serviceId,
    cart.typeVenteId,
    types.data,
    shop.data,
  );
  const figures = useCartFigures(cart, prix, regles);
  const totaux = figures.calc;
  const avoir = useAvoirClient(serviceId, cart.client?.id ?? null);

  if (devise === null || shop.isPending || types.isPending) return <p role="status">Chargement…</p>;
  if (shop.isError || types.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(shop.error ?? types.error)}
        className="w-full justify-content-start"
      />
    );
  const resume = resumePaiements(totaux.totalTtc, paiements, avoir);
  // Money changes hands (the customer's credit is no money: no register for it).
  const encaisse = resume.paye - resume.avoir > 0;
  const saisie = (cle: string) => ({
    cle,
    typeVenteId: typeId,
    clientId: cart.client?.id ?? null,
    lignes: cart.lignes,
    remiseGlobale: cart.remiseGlobale,
    paiements,
    echeance,
    note,
  });
  const errors = { ...fieldErrorsOf(create.error), ...localErrors };
  const money = (v: number) => formatMoney(v, devise);

  const reset = () => {
    dispatch({ type: 'reset' });
    setPaiements([]);
    setEcheance(null);
    setNote('');
    setLocalErrors({});
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The key of this sale, kept across retries until the sale is recorded.
    const cle = cart.cleIdempotence ?? newCleIdempotence();
    if (!cart.cleIdempotence) dispatch({ type: 'cle', cle });
    const found = venteErrors(saisie(cle), totaux.totalTtc);
    const sansCaisse = erreurCaisse('vente', encaisse, caisseId);
    if (sansCaisse) found['caisseId'] = sansCaisse;
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(avecCaisse(venteBody(saisie(cle), totaux.totalTtc), encaisse, caisseId), {
      onSuccess: (vente) => {
        reset();
        setCreee(vente);
      },
    });
  };

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title="Nouvelle vente" />
      {creee && (
        <Message
          severity="success"
          className="w-full justify-content-start mb-3"
          content={
            <span data-testid="vente-creee">
              {`Vente ${creee.numero} enregistrée (${money(creee.totalTtc)}). `}
              <Link to={`/pages/ventes-list/${creee.id}`}>Voir la vente {creee.numero}</Link>
            </span>
          }
        />
      )}
      {create.isError && (
        <Message
          severity="error"
          text={errorMessage(create.error)}
          className="w-full justify-content-start mb-3"
          data-testid="vente-erreur"
        />
      )}
      <form onSubmit={submit} noValidate aria-label="Nouvelle vente">
        <div className="formgrid grid">
          <FormField
            id="vente-client"
            label="Client"
            error={errors['clientId']}
            className="field col-12 md:col-8"
          >
            <TiersPicker
              type="client"
              inputId="vente-client"
              placeholder="Nom ou téléphone (facultatif)"
              value={cart.client}
              onChange={(c: TiersRef | null) => {
                dispatch({ type: 'client', client: c });
                setCreee(null);
              }}
              search={search}
              create={createTiers}
              invalid={Boolean(errors['clientId'])}
            />
          </FormField>
          <TypeVenteField
            id="vente-type"
            value={typeId}
            types={types.data}
            error={errors['typeVenteId']}
            className="field col-12 md:col-4"
            onChange={(typeVenteId) => dispatch({ type: 'typeVente', typeVenteId })}
          />
        </div>
        <h2 className="text-xl">Articles</h2>
        <div className="field">
          <ProduitPicker
            serviceId={serviceId}
            devise={devise}
            onAdd={(p: Produit) => {
              dispatch({ type: 'add', produit: toCartProduct(p) });
              setCreee(null);
            }}
          />
        </div>
        {errors['lignes'] && (
          <Message
            severity="error"
            text={errors['lignes']}
            className="w-full justify-content-start mb-2"
          />
        )}
        <LignesEditor figures={figures} devise={devise} dispatch={dispatch} config={LIGNES} />
        <div className="flex flex-wrap gap-4 justify-content-between mt-3">
          <div style={{ maxWidth: '18rem' }}>
            <label htmlFor="vente-remise-globale">Remise globale</label>
            <RemiseInput
              id="vente-remise-globale"
              label="Remise globale"
              value={cart.remiseGlobale}
              onChange={(remise) => dispatch({ type: 'remiseGlobale', remise })}
              devise={devise}
            />
          </div>
          <SaisieTotaux totaux={totaux} resume={resume} devise={devise} />
        </div>
        <h2 className="text-xl">Paiements</h2>
        <PaiementsEditor
          total={totaux.totalTtc}
          devise={devise}
          drafts={paiements}
          resume={resume}
          onChange={setPaiements}
          showSummary={false}
          avoirDisponible={avoir}
        />
        {encaisse && (
          <CaissePicker
            serviceId={serviceId}
            value={caisseId}
            onChange={setCaisseId}
            error={errors['caisseId']}
          />
        )}
        {resume.reste > 0 && cart.lignes.length > 0 && (
          <FormField
            id="vente-echeance"
            label={`Échéance du reste à payer (${money(resume.reste)})`}
            error={errors['echeance']}
            className="field mt-3"
            hint="Le reste devient une dette du client."
          >
            <EcheanceInput
              id="vente-echeance"
              value={echeance}
              onChange={setEcheance}
              invalid={Boolean(errors['echeance'])}
            />
            <Button
              type="button"
              label="Dans 30 jours"
              text
              size="small"
              onClick={() => setEcheance(dayPlus(30))}
            />
          </FormField>
        )}
        <FormField id="vente-note" label="Note (facultatif)" className="field mt-3">
          <InputText
            id="vente-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={500}
            className="w-full"
          />
        </FormField>
        <div className="flex gap-2 justify-content-end">
          <Button
            type="button"
            label="Vider"
            icon="pi pi-times"
            text
            onClick={reset}
            disabled={create.isPending}
          />
          <Button
            type="submit"
            label="Enregistrer la vente"
            icon="pi pi-check"
            loading={create.isPending}
          />
        </div>
      </form>
    </div>
  );
}

/** /pages/ventes-oneline (owner): a sale written in the back office (phone orders, large accounts). */
export default function VenteSaisieRoute() {
  return (
    <WithShop>{(serviceId) => <VenteSaisie key={serviceId} serviceId={serviceId} />}</WithShop>
  );
}
