import {
  prixSelonType,
  type PrixUtilise,
  type ReglesTva,
  type VenteCalculee,
} from '@comptoir/shared';
import { useCallback, useMemo } from 'react';
import { totaux, type Cart, type CartLine } from './cart';

export interface CartFigures {
  /** The cart's lines these figures are of. */
  lignes: readonly CartLine[];
  /** calculerVente of the cart: what the server will record. */
  calc: VenteCalculee;
  /** The unit price of a line at the sale type's price (wholesale falls back to retail). */
  prixDe: (l: CartLine) => number;
}

/** The lines of a cart with their figures, recomputed only when the cart, the price or the VAT rules change. */
export function useCartFigures(cart: Cart, prix: PrixUtilise, regles: ReglesTva): CartFigures {
  const calc = useMemo(() => totaux(cart, prix, regles), [cart, prix, regles]);
  const prixDe = useCallback((l: CartLine) => prixSelonType(l.produit, prix), [prix]);
  const lignes = cart.lignes;
  return useMemo(() => ({ lignes, calc, prixDe }), [lignes, calc, prixDe]);
}
