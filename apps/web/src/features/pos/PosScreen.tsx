import {
  formatMoney,
  type PaiementInput,
  type Produit,
  type Remise,
  type Vente,
} from '@comptoir/shared';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { errorMessage } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { useToast } from '../../lib/toast';
import { useReceiptShop } from '../receipt/api';
import { ReceiptPanel } from '../receipt/ReceiptPanel';
import { ProductCache, lookupBarcode, searchProduits, useCreateVente, useTypesVentes } from './api';
import {
  cartReducer,
  isEmptyCart,
  loadCart,
  prixUnitaire,
  saveCart,
  toCartProduct,
  totaux,
  venteBody,
  type Cart,
  type CartLine,
  type CartClient,
} from './cart';
import { CartLines } from './CartLines';
import { CustomerPicker } from './CustomerPicker';
import { PaymentDialog } from './PaymentDialog';
import { PosSearch } from './PosSearch';
import { ProductGrid } from './ProductGrid';
import { RemiseInput } from './RemiseInput';
import { Shortcuts } from './Shortcuts';
import './pos.css';
import { newCleIdempotence } from '../../lib/cle-idempotence';

const noop = () => undefined;

/** Runs `task` when the browser is idle (at the latest after 1 s), or soon where there is no requestIdleCallback. */
const whenIdle = (task: () => void) => {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 50);
};

/** The point of sale of one shop (`/pages/ventes`). */
export function PosScreen({ serviceId }: { serviceId: number }) {
  const shop = useReceiptShop(serviceId);
  const devise = shop.data?.devise ?? 'XOF';
  const regles = useMemo(
    () => ({ assujettiTva: shop.data?.assujettiTva ?? false, prixTtc: shop.data?.prixTtc ?? true }),
    [shop.data],
  );
  const types = useTypesVentes();
  const [cart, dispatch] = useReducer(cartReducer, serviceId, loadCart);
  const cache = useRef(new ProductCache()).current;
  const searchRef = useRef<HTMLInputElement>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [done, setDone] = useState<Vente | null>(null);
  const create = useCreateVente(serviceId);
  const feedback = useFeedback();
  const toast = useToast();

  // The cart is written to localStorage off the scan's path (idle time, or at once when the page
  // is hidden or left, or the screen closed); an emptied cart is forgotten at once (a recorded
  // sale never comes back after a reload).
  const pendingSave = useRef<Cart | null>(null);
  const flushSave = useCallback(() => {
    if (pendingSave.current) saveCart(serviceId, pendingSave.current);
    pendingSave.current = null;
  }, [serviceId]);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushSave();
    };
    window.addEventListener('pagehide', flushSave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushSave);
      document.removeEventListener('visibilitychange', onVisibility);
      flushSave();
    };
  }, [flushSave]);
  useEffect(() => {
    if (isEmptyCart(cart)) {
      pendingSave.current = null;
      saveCart(serviceId, cart);
      return;
    }
    const scheduled = pendingSave.current !== null;
    pendingSave.current = cart;
    if (!scheduled) whenIdle(flushSave);
  }, [serviceId, cart, flushSave]);

  // The sale type: the stored one, else the first retail type.
  const typeVente =
    types.data?.find((t) => t.id === cart.typeVenteId) ??
    types.data?.find((t) => t.prixUtilise === 'detail') ??
    types.data?.[0];
  useEffect(() => {
    if (typeVente && cart.typeVenteId !== typeVente.id)
      dispatch({ type: 'typeVente', typeVenteId: typeVente.id });
  }, [typeVente, cart.typeVenteId]);
  const prix = typeVente?.prixUtilise ?? 'detail';
  const calc = useMemo(() => totaux(cart, prix, regles), [cart, prix, regles]);
  const prixDe = useCallback((l: CartLine) => prixUnitaire(l.produit, prix), [prix]);

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

  const addProduit = useCallback(
    (p: Produit) => {
      cache.remember([p]);
      dispatch({ type: 'add', produit: toCartProduct(p) });
      focusSearch();
    },
    [cache, focusSearch],
  );

  const onScan = useCallback(
    (code: string) => {
      const known = cache.get(code);
      if (known) {
        dispatch({ type: 'add', produit: known });
        return;
      }
      lookupBarcode(serviceId, code)
        .then((p) => {
          // The line is committed in this very task: a frame drawn before React's next scheduled
          // task would otherwise show the screen without it (up to 16 ms more).
          if (p) flushSync(() => addProduit(p));
          else
            toast({
              severity: 'warn',
              summary: 'Code-barres inconnu',
              detail: `Aucun produit actif ne porte le code-barres ${code}.`,
              life: 5000,
            });
        })
        .catch(feedback.actionError('Recherche du code-barres impossible'));
    },
    [cache, serviceId, addProduit, toast, feedback],
  );

  const onFirstMatch = useCallback(
    (text: string) => {
      searchProduits(serviceId, text, 1)
        .then((page) => {
          const first = page.items[0];
          if (first) addProduit(first);
          else
            toast({
              severity: 'warn',
              summary: 'Aucun produit',
              detail: `Aucun produit ne correspond à « ${text} ».`,
              life: 5000,
            });
        })
        .catch(feedback.actionError('Recherche impossible'));
    },
    [serviceId, addProduit, toast, feedback],
  );

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
    [cart.lignes.length, focusSearch],
  );

  const submit = (paiements: PaiementInput[], echeance: string | null) => {
    // The key is made once and kept until a sale is recorded: a retry after a lost answer
    // replays it, and the server answers the sale it already recorded.
    const cle = cart.cleIdempotence ?? newCleIdempotence();
    if (!cart.cleIdempotence) {
      dispatch({ type: 'cle', cle });
      // Stored at once (not at idle time), and replacing any older cart waiting to be saved.
      pendingSave.current = { ...cart, cleIdempotence: cle };
      flushSave();
    }
    setPayError(null);
    create.mutate(venteBody(cart, cle, paiements, echeance), {
      onSuccess: (vente) => {
        dispatch({ type: 'reset' });
        setPaying(false);
        setDone(vente);
      },
      onError: (error) => setPayError(errorMessage(error)),
    });
  };

  // Shortcuts: F2 search, F4 quantity of the last line, F8/F9 pay, F6 new sale.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        if (!dialogOpen) searchRef.current?.focus();
      } else if (e.key === 'F4' && !dialogOpen) {
        e.preventDefault();
        const last = cart.derniere ?? cart.lignes.at(-1)?.produit.id;
        const input = last
          ? (document.getElementById(`pos-qty-${last}`) as HTMLInputElement | null)
          : null;
        input?.focus();
        input?.select();
      } else if ((e.key === 'F8' || e.key === 'F9') && !dialogOpen) {
        e.preventDefault();
        openPayment();
      } else if (e.key === 'F6') {
        e.preventDefault();
        if (!paying) newSale(done !== null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cart.derniere, cart.lignes, dialogOpen, paying, done, openPayment, newSale]);

  useEffect(() => {
    if (!dialogOpen) searchRef.current?.focus();
  }, [dialogOpen]);

  const money = (m: number) => formatMoney(m, devise);
  // The parts that do not depend on the lines are memoised: a scan re-renders the lines and the totals only.
  const client = cart.client;
  const onClient = useCallback(
    (c: CartClient | null) => dispatch({ type: 'client', client: c }),
    [],
  );
  const customer = useMemo(
    () => (
      <CustomerPicker
        key={client?.id ?? 0}
        serviceId={serviceId}
        value={client}
        onChange={onClient}
        onDone={paying ? noop : focusSearch}
      />
    ),
    [client, serviceId, onClient, paying, focusSearch],
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
    [typeOptions, typeVenteId, focusSearch],
  );
  const onRemiseGlobale = useCallback(
    (remise: Remise | null) => dispatch({ type: 'remiseGlobale', remise }),
    [],
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
        <Shortcuts />
        <ProductGrid serviceId={serviceId} devise={devise} cache={cache} onPick={addProduit} />
      </div>
      <aside className="pos-cart" aria-label="Vente en cours">
        <div className="pos-cart-top">
          {typeSelect}
          {!paying && customer}
        </div>
        <CartLines
          lignes={cart.lignes}
          prix={prixDe}
          calculs={calc.lignes}
          devise={devise}
          dispatch={dispatch}
          onDone={focusSearch}
        />
        <div className="pos-totals">
          <div className="pos-total-row">
            <label htmlFor="pos-remise-globale">Remise globale</label>
            <RemiseInput
              id="pos-remise-globale"
              label="Remise globale"
              value={cart.remiseGlobale}
              devise={devise}
              onChange={onRemiseGlobale}
            />
          </div>
          {calc.totalRemises > 0 && (
            <div className="pos-total-row">
              <span>Remises</span>
              <span data-testid="pos-remises">-{money(calc.totalRemises)}</span>
            </div>
          )}
          {regles.assujettiTva && (
            <div className="pos-total-row text-color-secondary">
              <span>dont TVA</span>
              <span>{money(calc.totalTva)}</span>
            </div>
          )}
          <div className="pos-total-row pos-grand-total">
            <span>Total</span>
            <span data-testid="pos-total">{money(calc.totalTtc)}</span>
          </div>
          <div className="pos-actions">
            <button
              type="button"
              className="p-button p-button-secondary p-button-outlined"
              onClick={() => newSale(false)}
            >
              Nouvelle vente (F6)
            </button>
            <button
              type="button"
              className="p-button pos-pay-button"
              onClick={openPayment}
              disabled={cart.lignes.length === 0}
            >
              Payer (F8) {money(calc.totalTtc)}
            </button>
          </div>
        </div>
      </aside>
      {paying && (
        <PaymentDialog
          total={calc.totalTtc}
          devise={devise}
          hasClient={cart.client !== null}
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
        <Dialog
          header={`Vente ${done.numero} enregistrée`}
          visible
          onHide={() => newSale(true)}
          className="pos-receipt-dialog"
          breakpoints={{ '640px': '100vw' }}
          modal
        >
          <p className="mt-0">
            Total {money(done.totalTtc)}
            {done.rendu > 0 && <strong> — monnaie rendue {money(done.rendu)}</strong>}. Échap ou F6
            : nouvelle vente.
          </p>
          <ReceiptPanel serviceId={serviceId} vente={done} shop={shop.data} autoFocus autoPrint />
        </Dialog>
      )}
    </div>
  );
}
