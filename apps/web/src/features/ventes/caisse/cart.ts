import { venteBody as corpsVente, type VenteInput } from '@comptoir/shared';
import type { PaymentDraft } from '../../../components/document/payment';
import { EMPTY_CART, type Cart } from '../../../components/document/cart';

/** The body of `POST …/ventes` for this cart (payments and due date from the payment dialog). */
export function venteBody(
  cart: Cart,
  cle: string,
  total: number,
  paiements: readonly PaymentDraft[],
  echeance: string | null,
): VenteInput {
  return corpsVente(
    {
      cle,
      typeVenteId: cart.typeVenteId,
      clientId: cart.client?.id ?? null,
      lignes: cart.lignes,
      remiseGlobale: cart.remiseGlobale,
      paiements,
      echeance,
    },
    total,
  );
}

export const cartStorageKey = (serviceId: number) => `comptoir.pos.${serviceId}`;

function isCart(value: unknown): value is Cart {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Partial<Cart>;
  return (
    Array.isArray(c.lignes) &&
    c.lignes.every((l) => typeof l?.produit?.id === 'number' && typeof l.quantite === 'number')
  );
}

/** The stored sale in progress of a shop, or an empty cart (nothing stored, or unreadable). */
export function loadCart(serviceId: number): Cart {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(cartStorageKey(serviceId)) ?? 'null');
    return isCart(parsed) ? { ...EMPTY_CART, ...parsed } : EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

/** Nothing worth keeping: no line, no customer, no pending key, no global discount. */
export const isEmptyCart = (cart: Cart): boolean =>
  cart.lignes.length === 0 && !cart.client && !cart.cleIdempotence && !cart.remiseGlobale;

export function saveCart(serviceId: number, cart: Cart): void {
  try {
    if (isEmptyCart(cart)) localStorage.removeItem(cartStorageKey(serviceId));
    else localStorage.setItem(cartStorageKey(serviceId), JSON.stringify(cart));
  } catch {
    /* storage full or disabled: the sale goes on in memory */
  }
}

/** A barcode as scanners type it: 6 to 14 digits (EAN-8, UPC, EAN-13, ITF-14, in-store codes). */
export const looksLikeBarcode = (text: string): boolean => /^\d{6,14}$/.test(text.trim());
