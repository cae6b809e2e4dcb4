import {
  calculerLignes,
  prixSelonType,
  quantiteValide,
  UNE_UNITE,
  type PrixUtilise,
  type Produit,
  type Remise,
  type ReglesTva,
  type TiersRef,
  type VenteCalculee,
} from '@comptoir/shared';

/**
 * The cart: the state of a document being entered (lines, party, sale type, global discount,
 * idempotency key), the same for the point of sale and the back-office sale, and for the quote,
 * purchase and invoice screens to come. Pure: the screen decides where it lives (memory,
 * localStorage).
 */

/** What the cart keeps of a product: enough to price and show a line after a reload. */
export interface CartProduct {
  id: number;
  nom: string;
  codeBarres: string | null;
  prixVente: number;
  prixGros: number | null;
  tauxTva: number;
  uniteSymbole: string;
  fractionnable: boolean;
  image: string | null;
}

export interface CartLine {
  produit: CartProduct;
  /** Thousandths. */
  quantite: number;
  remise: Remise | null;
  /** A unit price typed on the line (a purchase's unit cost); absent: the product's price. */
  prix?: number;
}

/** The party of the document (the customer of a sale). */
export type CartClient = TiersRef;

/** The sale in progress: persisted per shop, it survives a reload. */
export interface Cart {
  lignes: CartLine[];
  client: CartClient | null;
  typeVenteId: number | null;
  remiseGlobale: Remise | null;
  /** Made at the first submission, kept until a sale is recorded: a retry sends the same key. */
  cleIdempotence: string | null;
  /** The line touched last (F4 edits its quantity). */
  derniere: number | null;
}

export const EMPTY_CART: Cart = {
  lignes: [],
  client: null,
  typeVenteId: null,
  remiseGlobale: null,
  cleIdempotence: null,
  derniere: null,
};

export const toCartProduct = (p: Produit): CartProduct => ({
  id: p.id,
  nom: p.nom,
  codeBarres: p.codeBarres,
  prixVente: p.prixVente,
  prixGros: p.prixGros,
  tauxTva: p.tauxTva,
  uniteSymbole: p.unite.symbole,
  fractionnable: p.unite.fractionnable,
  image: p.image,
});

/** The unit price of the sale type: wholesale falls back to retail (as the server does). */
export const prixUnitaire: (p: CartProduct, prix: PrixUtilise) => number = prixSelonType;

export type CartAction =
  | { type: 'add'; produit: CartProduct; quantite?: number; prix?: number }
  | { type: 'quantite'; produitId: number; quantite: number }
  | { type: 'step'; produitId: number; delta: 1 | -1 }
  | { type: 'remise'; produitId: number; remise: Remise | null }
  | { type: 'prix'; produitId: number; prix: number }
  | { type: 'remove'; produitId: number }
  | { type: 'remiseGlobale'; remise: Remise | null }
  | { type: 'client'; client: CartClient | null }
  | { type: 'typeVente'; typeVenteId: number }
  | { type: 'cle'; cle: string }
  | { type: 'reset'; cart?: Cart };

const ONE = UNE_UNITE;

const mapLine = (cart: Cart, produitId: number, f: (l: CartLine) => CartLine | null): Cart => ({
  ...cart,
  lignes: cart.lignes.flatMap((l) => {
    if (l.produit.id !== produitId) return [l];
    const next = f(l);
    return next ? [next] : [];
  }),
  derniere: produitId,
});

/** A fractional unit keeps thousandths; others are whole units, at least one. */
const clampQuantite = (l: CartLine, q: number) => quantiteValide(q, l.produit.fractionnable);

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const add = action.quantite ?? ONE;
      const existing = cart.lignes.find((l) => l.produit.id === action.produit.id);
      if (existing)
        return mapLine(cart, action.produit.id, (l) => ({ ...l, quantite: l.quantite + add }));
      return {
        ...cart,
        lignes: [
          ...cart.lignes,
          {
            produit: action.produit,
            quantite: add,
            remise: null,
            ...(action.prix === undefined ? {} : { prix: action.prix }),
          },
        ],
        derniere: action.produit.id,
      };
    }
    case 'quantite':
      return mapLine(cart, action.produitId, (l) => ({
        ...l,
        quantite: clampQuantite(l, action.quantite),
      }));
    case 'step':
      return mapLine(cart, action.produitId, (l) => {
        const q = l.quantite + action.delta * ONE;
        return q <= 0 ? null : { ...l, quantite: q };
      });
    case 'remise':
      return mapLine(cart, action.produitId, (l) => ({ ...l, remise: action.remise }));
    case 'prix':
      return mapLine(cart, action.produitId, (l) => ({ ...l, prix: action.prix }));
    case 'remove': {
      const next = mapLine(cart, action.produitId, () => null);
      return { ...next, derniere: next.lignes.at(-1)?.produit.id ?? null };
    }
    case 'remiseGlobale':
      return { ...cart, remiseGlobale: action.remise };
    case 'client':
      return { ...cart, client: action.client };
    case 'typeVente':
      return { ...cart, typeVenteId: action.typeVenteId };
    case 'cle':
      return { ...cart, cleIdempotence: action.cle };
    case 'reset':
      return action.cart ?? { ...EMPTY_CART, typeVenteId: cart.typeVenteId };
  }
}

/** The cart's figures, computed exactly as the server will (calculerVente). */
export function totaux(cart: Cart, prix: PrixUtilise, regles: ReglesTva): VenteCalculee {
  return calculerLignes(cart.lignes, cart.remiseGlobale, prix, regles);
}
