import { formatMoney, type Remise, type TiersRef, type Vente } from '@comptoir/shared';
import { confirmDialog } from 'primereact/confirmdialog';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LignesEditor } from '../../../components/document/LignesEditor';
import { useCartFigures } from '../../../components/document/use-cart-figures';
import type { PaymentDraft } from '../../../components/document/payment';
import { TiersPicker, type NewTiers } from '../../../components/document/TiersPicker';
import { useAvoirClient } from '../../../components/document/clients';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { useCreateVente, useTypesVentes } from '../api';
import { EtatReseau } from '../hors-ligne/EtatReseau';
import { VentesRefusees } from '../hors-ligne/VentesRefusees';
import { usePosHorsLigne } from '../hors-ligne/use-pos-hors-ligne';
import { useReceiptShop } from '../ticket/api';
import { ProductCache } from './api';
import { venteBody } from './cart';
import { PaymentDialog } from './PaymentDialog';
import { POS_LINES } from './pos-ids';
import { PosSearch } from './PosSearch';
import { PosTotals } from './PosTotals';
import { ProductGrid } from './ProductGrid';
import { Shortcuts } from './Shortcuts';
import { usePosScan } from './use-pos-scan';
import { usePosShortcuts } from './use-pos-shortcuts';
import { useSavedCart } from './use-saved-cart';
import { VenteEnregistree } from './VenteEnregistree';
import './pos.css';

const noop = () => undefined;

/** The point of sale of one shop (`/pages/ventes`), on the register `caisseId` of this device. */
export function PosScreen({ serviceId, caisseId }: { serviceId: number; caisseId?: number }) {
  const shopQuery = useReceiptShop(serviceId);
  const typesQuery = useTypesVentes();
  // Without the network: the shop and sale types as last read, sales recorded on the device.
  const horsLigne = usePosHorsLigne(serviceId, shopQuery.data, typesQuery.data);
  const shop = { data: horsLigne.shop };
  const types = { data: horsLigne.types };
  const devise = shop.data?.devise ?? 'XOF';
  const regles = useMemo(
    () => ({ assujettiTva: shop.data?.assujettiTva ?? false, prixTtc: shop.data?.prixTtc ?? true }),
    [shop.data],
  );
  const [cart, dispatch, saveNow] = useSavedCart(serviceId);
  const cache = useRef(new ProductCache()).current;
  const searchRef = useRef<HTMLInputElement>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [done, setDone] = useState<Vente | null>(null);
  const create = useCreateVente(serviceId);
  const toast = useToast();

  // The sale type: the stored one, else the first retail type.
  const typeVente =
    types.data?.find((t) => t.id === cart.typeVenteId) ??
    types.data?.find((t) => t.prixUtilise === 'detail') ??
    types.data?.[0];
  useEffect(() => {
    if (typeVente && cart.typeVenteId !== typeVente.id)
      dispatch({ type: 'typeVente', typeVenteId: typeVente.id });
  }, [typeVente, cart.typeVenteId, dispatch]);
  const prix = typeVente?.prixUtilise ?? 'detail';
  const figures = useCartFigures(cart, prix, regles);
  const { calc } = figures;

  const dialogOpen = paying || done !== null;
  /** Gives the keyboard back to the search field (after every action, unless a dialog is open). */
  const focusSearch = useCallback(() => {
    if (document.activeElement === searchRef.current && !document.querySelector('.p-dialog'))
      return;
    requestAnimationFrame(() => {
      if (document.querySelector('.p-dialog')) return;
      searchRef.current?.focus();
    });
  }, []);
  const { addProduit, onScan, onFirstMatch } = usePosScan(serviceId, cache, dispatch, focusSearch);

  const openPayment = useCallback(() => {
    if (cart.lignes.length === 0) {
      toast({
        severity: 'info',
        summary: 'Panier vide',
        detail: 'Ajoutez au moins un produit avant de payer.',
      });
      return;
    }
    setPayError(null);
    setPaying(true);
  }, [cart.lignes.length, toast]);

  const newSale = useCallback(
    (force = false) => {
      const clear = () => {
        dispatch({ type: 'reset' });
        setDone(null);
        setPaying(false);
        focusSearch();
      };
      if (force || cart.lignes.length === 0) clear();
      else
        confirmDialog({
          header: 'Nouvelle vente',
          message: 'Abandonner la vente en cours ? Le panier sera vidé.',
          icon: 'pi pi-exclamation-triangle',
          acceptLabel: 'Oui, vider',
          rejectLabel: 'Non',
          defaultFocus: 'reject',
          accept: clear,
          onHide: focusSearch,
        });
    },
    [cart.lignes.length, dispatch, focusSearch],
  );

  const submit = (paiements: readonly PaymentDraft[], echeance: string | null) => {
    // The key is made once and kept until a sale is recorded: a retry after a lost answer
    // replays it, and the server answers the sale it already recorded.
    const cle = cart.cleIdempotence ?? newCleIdempotence();
    if (!cart.cleIdempotence) {
      dispatch({ type: 'cle', cle });
      saveNow({ ...cart, cleIdempotence: cle });
    }
    setPayError(null);
    if (horsLigne.surLaCaisse(cart) && typeVente) {
      if (paiements.some((p) => p.mode === 'avoir'))
        return setPayError("L'avoir du client ne s'utilise qu'avec le réseau\u00A0: retirez-le.");
      const saisie = { ...cart, cleIdempotence: cle };
      horsLigne
        .vendre(saisie, calc, prix, typeVente, paiements, echeance)
        .then((vente) => {
          dispatch({ type: 'reset' });
          setPaying(false);
          setDone(vente);
        })
        .catch((error: unknown) => setPayError(errorMessage(error)));
      return;
    }
    const body = venteBody(cart, cle, calc.totalTtc, paiements, echeance);
    // The register's open session takes the sale (caisses); a closed one refuses it (409). Made at
    // the till, it takes the register's series, which the till continues offline.
    create.mutate(caisseId === undefined ? body : { ...body, caisseId, auPointDeVente: true }, {
      onSuccess: (vente) => {
        horsLigne.venteEnLigne(vente, caisseId);
        dispatch({ type: 'reset' });
        setPaying(false);
        setDone(vente);
      },
      onError: (error) => setPayError(errorMessage(error)),
    });
  };

  usePosShortcuts({
    cart,
    searchRef,
    dialogOpen,
    paying,
    done: done !== null,
    openPayment,
    newSale,
  });

  const money = (m: number) => formatMoney(m, devise);
  // The customer's credit from returns, offered as a payment (online only: regles-metier).
  const avoir = useAvoirClient(serviceId, cart.client?.id ?? null, !horsLigne.surLaCaisse(cart));
  // The parts that do not depend on the lines are memoised: a scan re-renders the lines and the totals only.
  const client = cart.client;
  const onClient = useCallback(
    (c: TiersRef | null) => dispatch({ type: 'client', client: c }),
    [dispatch],
  );
  const search = horsLigne.search;
  const createTiers: (body: NewTiers) => Promise<TiersRef> = horsLigne.create;
  const customer = useMemo(
    () => (
      <TiersPicker
        key={client?.id ?? 0}
        type="client"
        inputId="pos-client"
        ariaLabel="Client (nom ou téléphone)"
        placeholder="Client : nom ou téléphone (facultatif)"
        value={client}
        onChange={onClient}
        search={search}
        create={createTiers}
        onDone={paying ? noop : focusSearch}
      />
    ),
    [client, onClient, search, createTiers, paying, focusSearch],
  );
  const typeOptions = useMemo(
    () =>
      types.data?.map((t) => ({
        label: t.prixUtilise === 'gros' ? 'Gros' : 'Détail',
        value: t.id,
        title: t.nom,
      })) ?? [],
    [types.data],
  );
  const typeVenteId = typeVente?.id;
  const typeSelect = useMemo(
    () =>
      typeOptions.length > 1 && (
        <SelectButton
          value={typeVenteId}
          options={typeOptions}
          onChange={(e) => {
            if (e.value) dispatch({ type: 'typeVente', typeVenteId: e.value as number });
            focusSearch();
          }}
          allowEmpty={false}
          aria-label="Type de vente"
        />
      ),
    [typeOptions, typeVenteId, dispatch, focusSearch],
  );
  const onRemiseGlobale = useCallback(
    (remise: Remise | null) => dispatch({ type: 'remiseGlobale', remise }),
    [dispatch],
  );

  return (
    <div className="pos" data-testid="pos">
      <div className="pos-main">
        <PosSearch
          ref={searchRef}
          serviceId={serviceId}
          devise={devise}
          cache={cache}
          onScan={onScan}
          onPick={addProduit}
          onFirstMatch={onFirstMatch}
        />
        <EtatReseau {...horsLigne.etat} />
        <VentesRefusees serviceId={serviceId} etat={horsLigne.etat} />
        <Shortcuts />
        <ProductGrid serviceId={serviceId} devise={devise} cache={cache} onPick={addProduit} />
      </div>
      <aside className="pos-cart" aria-label="Vente en cours">
        <div className="pos-cart-top">
          {typeSelect}
          {!paying && customer}
          {avoir > 0 && (
            <span className="pos-avoir" data-testid="pos-avoir">
              Avoir disponible{'\u00A0'}: {money(avoir)}
            </span>
          )}
        </div>
        <LignesEditor
          figures={figures}
          devise={devise}
          dispatch={dispatch}
          config={POS_LINES}
          onDone={focusSearch}
        />
        <PosTotals
          calc={calc}
          devise={devise}
          assujettiTva={regles.assujettiTva}
          remiseGlobale={cart.remiseGlobale}
          onRemiseGlobale={onRemiseGlobale}
          empty={cart.lignes.length === 0}
          onNewSale={() => newSale(false)}
          onPay={openPayment}
        />
      </aside>
      {paying && (
        <PaymentDialog
          total={calc.totalTtc}
          devise={devise}
          hasClient={cart.client !== null}
          avoirDisponible={avoir}
          customer={customer}
          submitting={create.isPending}
          error={payError}
          onClose={() => {
            setPaying(false);
            focusSearch();
          }}
          onSubmit={submit}
        />
      )}
      {done && (
        <VenteEnregistree
          serviceId={serviceId}
          vente={done}
          shop={shop.data}
          onClose={() => newSale(true)}
        />
      )}
    </div>
  );
}
