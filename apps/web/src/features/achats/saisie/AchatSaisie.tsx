import {
  formatMoney,
  resumePaiements,
  type Achat,
  type BonLivraisonResult,
  type Produit,
  type Unite,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useReducer, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EMPTY_CART, cartReducer, toCartProduct } from '../../../components/document/cart';
import { LignesEditor, type LignesConfig } from '../../../components/document/LignesEditor';
import { PaiementsEditor } from '../../../components/document/PaiementsEditor';
import { RemiseGlobaleField } from '../../../components/document/RemiseInput';
import type { PaymentDraft } from '../../../components/document/payment';
import { PageHeader } from '../../../components/PageHeader';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { useCreateAchat, useUpdateAchat, useValidateAchat } from '../api';
import { achatBody, enteteVide, fromAchat, useAchatFigures, type AchatEntete } from './achat-cart';
import { achatErrors } from './achat-errors';
import { AchatEnteteFields } from './AchatEnteteFields';
import { AchatProduitPicker } from './AchatProduitPicker';
import { AchatTotaux, FraisFields } from './AchatTotaux';
import { livresAjoutables } from './bon-livraison';
import { BonLivraisonImport } from './BonLivraisonDialog';
import { NouveauProduitDialog, type NouvelleLigne } from './NouveauProduitDialog';

const LIGNES: LignesConfig = {
  ids: {
    quantite: (_, i) => `achat-ligne-${i}-quantite`,
    remise: (_, i) => `achat-ligne-${i}-remise`,
    prix: (_, i) => `achat-ligne-${i}-cout`,
  },
  label: "Lignes de l'achat",
  rowTestId: 'achat-ligne',
  testId: 'achat-lignes',
  empty: 'Aucune ligne : cherchez un produit ci-dessus, ou créez-le.',
  montant: 'net',
};

interface Props {
  serviceId: number;
  devise: string;
  today: string;
  unites: readonly Unite[];
  /** A saved draft to go on with. */
  brouillon: Achat | null;
}

let nextNouveau = -1;

/**
 * A purchase entered by the owner: supplier, delivery day and reference, lines at their unit
 * cost (the last cost proposed, products created from a line), extra costs, and payments made at
 * validation. « Enregistrer le brouillon » keeps it without touching the stock; « Valider » saves
 * it then validates it (numbered, stock in, costs recomputed).
 */
export function AchatSaisie({ serviceId, devise, today, unites, brouillon }: Props) {
  const initial = brouillon ? fromAchat(brouillon) : null;
  const [cart, dispatch] = useReducer(cartReducer, initial?.cart ?? EMPTY_CART);
  const [entete, setEntete] = useState<AchatEntete>(initial?.entete ?? enteteVide(today));
  const [achatId, setAchatId] = useState<number | null>(brouillon?.id ?? null);
  const [paiements, setPaiements] = useState<PaymentDraft[]>([]);
  const [cleValidation, setCleValidation] = useState<string | null>(null);
  const [nouveau, setNouveau] = useState<string | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<{ achat: Achat; valide: boolean } | null>(null);
  const create = useCreateAchat(serviceId);
  const update = useUpdateAchat(serviceId);
  const validate = useValidateAchat(serviceId);
  const busy = create.isPending || update.isPending || validate.isPending;
  const { figures, calc } = useAchatFigures(cart, entete.frais);
  const resume = resumePaiements(calc.total, paiements);
  const errors = { ...fieldErrorsOf(error), ...localErrors };
  const patch = (p: Partial<AchatEntete>) => {
    setEntete((e) => ({ ...e, ...p }));
    setDone(null);
  };

  const reset = () => {
    dispatch({ type: 'reset', cart: EMPTY_CART });
    setEntete(enteteVide(today));
    setAchatId(null);
    setPaiements([]);
    setCleValidation(null);
    setLocalErrors({});
    setError(null);
  };
  /** Saves the draft (created once by its key, then replaced whole); its new products now exist. */
  const save = async (): Promise<Achat> => {
    const body = achatBody(entete, cart);
    const cle = cart.cleIdempotence ?? newCleIdempotence();
    if (!cart.cleIdempotence) dispatch({ type: 'cle', cle });
    const achat =
      achatId === null
        ? await create.mutateAsync({ cleIdempotence: cle, ...body })
        : await update.mutateAsync({ id: achatId, body });
    setAchatId(achat.id);
    const saved = fromAchat(achat);
    dispatch({ type: 'reset', cart: { ...saved.cart, cleIdempotence: cle } });
    setEntete(saved.entete);
    return achat;
  };
  const run = async (valider: boolean) => {
    const found = achatErrors(entete, cart, valider ? resume : null);
    setLocalErrors(found);
    setError(null);
    setDone(null);
    if (Object.keys(found).length > 0) return;
    try {
      const achat = await save();
      if (!valider) return setDone({ achat, valide: false });
      const cle = cleValidation ?? newCleIdempotence();
      setCleValidation(cle);
      const valide = await validate.mutateAsync({
        id: achat.id,
        body: { cleIdempotence: cle, paiements: resume.paiements },
      });
      reset();
      setDone({ achat: valide, valide: true });
    } catch (e) {
      setError(e);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(true);
  };
  const addProduit = (p: Produit) => {
    dispatch({ type: 'add', produit: toCartProduct(p), prix: p.prixAchat });
    setDone(null);
  };
  const addLivres = (lignes: BonLivraisonResult['lignes']) => {
    const { ajout, refusees } = livresAjoutables(cart.lignes, lignes, devise);
    for (const { produit: p, quantite, prixUnitaire } of ajout)
      dispatch({
        type: 'add',
        produit: { ...p, prixGros: null, tauxTva: 0, image: null },
        quantite,
        prix: prixUnitaire,
      });
    setDone(null);
    return refusees;
  };
  const addNouveau = ({ produit, uniteSymbole, fractionnable, cout }: NouvelleLigne) => {
    const id = nextNouveau--;
    patch({ nouveaux: { ...entete.nouveaux, [id]: produit } });
    dispatch({
      type: 'add',
      produit: {
        id,
        nom: produit.nom,
        codeBarres: produit.codeBarres,
        prixVente: produit.prixVente,
        prixGros: null,
        tauxTva: 0,
        uniteSymbole,
        fractionnable,
        image: null,
      },
      prix: cout,
    });
    setNouveau(null);
  };

  return (
    <div className="card-surface">
      <PageHeader title={achatId === null ? 'Nouvel approvisionnement' : 'Brouillon d’achat'}>
        <Link to="/pages/approvisionnements-list">Liste des approvisionnements</Link>
      </PageHeader>
      {done && (
        <Message
          severity="success"
          className="w-full justify-content-start mb-3"
          content={
            <span data-testid="achat-enregistre">
              {done.valide
                ? `Achat ${done.achat.numero ?? ''} validé (${formatMoney(done.achat.total, devise)}) : le stock et les coûts sont à jour. `
                : 'Brouillon enregistré : le stock ne change qu’à la validation. '}
              <Link to={`/pages/approvisionnements-list/${done.achat.id}`}>Voir l’achat</Link>
            </span>
          }
        />
      )}
      {error !== null && (
        <Message
          severity="error"
          text={errorMessage(error)}
          className="w-full justify-content-start mb-3"
          data-testid="achat-erreur"
        />
      )}
      <form onSubmit={submit} noValidate aria-label="Approvisionnement">
        <AchatEnteteFields serviceId={serviceId} entete={entete} errors={errors} onChange={patch} />
        <h2 className="text-xl">Produits reçus</h2>
        <div className="field">
          <AchatProduitPicker
            serviceId={serviceId}
            devise={devise}
            onAdd={addProduit}
            onNew={setNouveau}
          />
        </div>
        <div className="field">
          <BonLivraisonImport serviceId={serviceId} devise={devise} onAdd={addLivres} />
        </div>
        {errors['lignes'] && (
          <Message
            severity="error"
            text={errors['lignes']}
            className="w-full justify-content-start mb-2"
          />
        )}
        <LignesEditor figures={figures} devise={devise} dispatch={dispatch} config={LIGNES} />
        <h2 className="text-xl">Frais</h2>
        <FraisFields
          frais={entete.frais}
          devise={devise}
          errors={errors}
          onChange={(frais) => patch({ frais })}
        />
        <div className="flex flex-wrap gap-4 justify-content-between">
          <RemiseGlobaleField
            id="achat-remise-globale"
            value={cart.remiseGlobale}
            devise={devise}
            onChange={(remise) => dispatch({ type: 'remiseGlobale', remise })}
          />
          <AchatTotaux calc={calc} resume={resume} devise={devise} />
        </div>
        <h2 className="text-xl">Paiement à la validation</h2>
        <PaiementsEditor
          total={calc.total}
          devise={devise}
          drafts={paiements}
          resume={resume}
          onChange={setPaiements}
          showSummary={false}
        />
        {errors['paiements'] && (
          <Message
            severity="error"
            text={errors['paiements']}
            className="w-full justify-content-start mt-2"
          />
        )}
        <div className="field mt-3">
          <label htmlFor="achat-note">Note (facultatif)</label>
          <InputText
            id="achat-note"
            value={entete.note}
            onChange={(e) => patch({ note: e.target.value })}
            maxLength={500}
            className="w-full"
          />
        </div>
        <div className="flex flex-wrap gap-2 justify-content-end">
          <Button
            type="button"
            label="Vider"
            icon="pi pi-times"
            text
            onClick={reset}
            disabled={busy}
          />
          <Button
            type="button"
            label="Enregistrer le brouillon"
            icon="pi pi-save"
            outlined
            disabled={busy}
            onClick={() => void run(false)}
          />
          <Button type="submit" label="Valider l’achat" icon="pi pi-check" loading={busy} />
        </div>
      </form>
      {nouveau !== null && (
        <NouveauProduitDialog
          devise={devise}
          unites={unites}
          initial={nouveau}
          onAdd={addNouveau}
          onHide={() => setNouveau(null)}
        />
      )}
    </div>
  );
}
