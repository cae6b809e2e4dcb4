import {
  calculerLignes,
  prixSelonType,
  quantiteValide,
  remiseEffective,
  type PrixUtilise,
  type Produit,
  type Remise,
  type ReglesTva,
  type VenteCalculee,
  type VenteInput,
} from '@comptoir/shared';

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
}

export interface CartClient {
  id: number;
  nom: string;
  telephone: string | null;
}

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
  | { type: 'add'; produit: CartProduct; quantite?: number }
  | { type: 'quantite'; produitId: number; quantite: number }
  | { type: 'step'; produitId: number; delta: 1 | -1 }
  | { type: 'remise'; produitId: number; remise: Remise | null }
  | { type: 'remove'; produitId: number }
  | { type: 'remiseGlobale'; remise: Remise | null }
  | { type: 'client'; client: CartClient | null }
  | { type: 'typeVente'; typeVenteId: number }
  | { type: 'cle'; cle: string }
  | { type: 'reset'; cart?: Cart };

const ONE = 1000;

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
        lignes: [...cart.lignes, { produit: action.produit, quantite: add, remise: null }],
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

/** The body of `POST …/ventes` for this cart (payments and due date from the payment dialog). */
export function venteBody(
  cart: Cart,
  cle: string,
  paiements: VenteInput['paiements'],
  echeance: string | null,
): VenteInput {
  return {
    cleIdempotence: cle,
    typeVenteId: cart.typeVenteId ?? 0,
    clientId: cart.client?.id ?? null,
    lignes: cart.lignes.map((l) => ({
      produitId: l.produit.id,
      quantite: l.quantite,
      remise: remiseEffective(l.remise),
    })),
    remiseGlobale: remiseEffective(cart.remiseGlobale),
    paiements,
    echeance,
  };
}

/* -------------------------------------------------------------- Persistence */

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
