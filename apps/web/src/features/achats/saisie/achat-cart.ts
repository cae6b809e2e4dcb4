import {
  calculerAchat,
  calculerLignes,
  remiseEffective,
  type Achat,
  type AchatCalcule,
  type AchatUpdate,
  type FraisAchatMontants,
  type TiersRef,
} from '@comptoir/shared';
import { useMemo } from 'react';
import {
  EMPTY_CART,
  type Cart,
  type CartLine,
  type CartProduct,
} from '../../../components/document/cart';
import type { CartFigures } from '../../../components/document/use-cart-figures';

/**
 * A purchase being entered: the document cart (lines, idempotency key) with the unit cost typed
 * on each line (`prix`, the product's last cost at first), and the purchase's own fields. A
 * product to be created from a line has a negative id until the draft is saved.
 */

/** A product described on a line, created with the draft (name, barcode, unit, sale price). */
export interface NouveauProduitLigne {
  nom: string;
  codeBarres: string | null;
  uniteId: number;
  prixVente: number;
}

export interface AchatEntete {
  fournisseur: TiersRef | null;
  /** Day of the delivery ('YYYY-MM-DD'). */
  date: string;
  referenceFournisseur: string;
  echeance: string | null;
  frais: FraisAchatMontants;
  note: string;
  /** Products to create, by the negative id of their line. */
  nouveaux: Readonly<Record<number, NouveauProduitLigne>>;
}

export const SANS_FRAIS: FraisAchatMontants = { transport: 0, douane: 0, manutention: 0 };

export const enteteVide = (date: string): AchatEntete => ({
  fournisseur: null,
  date,
  referenceFournisseur: '',
  echeance: null,
  frais: SANS_FRAIS,
  note: '',
  nouveaux: {},
});

/** The unit cost of a line (the cost price rule: typed on the line, else nothing). */
export const coutDe = (l: CartLine): number => l.prix ?? 0;

const PAS_DE_TVA = { assujettiTva: false, prixTtc: true } as const;

/**
 * The lines of the purchase for LignesEditor (each shows cost × quantity less its discount) and
 * the purchase's figures (discounts as on a sale, then extra costs spread over the lines by net
 * value), as the server will record them.
 */
export function useAchatFigures(
  cart: Cart,
  frais: FraisAchatMontants,
): { figures: CartFigures; calc: AchatCalcule } {
  const { lignes, remiseGlobale } = cart;
  const figures = useMemo<CartFigures>(() => {
    const auCout = lignes.map((l) => ({
      ...l,
      produit: { ...l.produit, prixVente: coutDe(l), prixGros: null, tauxTva: 0 },
    }));
    return {
      lignes,
      calc: calculerLignes(auCout, remiseGlobale, 'detail', PAS_DE_TVA),
      prixDe: coutDe,
    };
  }, [lignes, remiseGlobale]);
  const calc = useMemo(
    () =>
      calculerAchat(
        lignes.map((l) => ({ quantite: l.quantite, prixUnitaire: coutDe(l), remise: l.remise })),
        frais,
        remiseGlobale,
      ),
    [lignes, frais, remiseGlobale],
  );
  return { figures, calc };
}

/** The body of `PUT …/achats/:id` (and, with a key, of `POST …/achats`). */
export function achatBody(entete: AchatEntete, cart: Cart): AchatUpdate {
  return {
    fournisseurId: entete.fournisseur?.id ?? 0,
    date: entete.date,
    referenceFournisseur: entete.referenceFournisseur.trim() || null,
    echeance: entete.echeance,
    frais: entete.frais,
    note: entete.note.trim() || null,
    remiseGlobale: remiseEffective(cart.remiseGlobale),
    lignes: cart.lignes.map((l) => {
      const nouveau = l.produit.id < 0 ? entete.nouveaux[l.produit.id] : undefined;
      return {
        produitId: nouveau ? null : l.produit.id,
        nouveauProduit: nouveau ?? null,
        quantite: l.quantite,
        prixUnitaire: coutDe(l),
        remise: remiseEffective(l.remise),
      };
    }),
  };
}

const produitDeLigne = (l: Achat['lignes'][number]): CartProduct => ({
  id: l.produitId,
  nom: l.nom,
  codeBarres: null,
  prixVente: 0,
  prixGros: null,
  tauxTva: 0,
  uniteSymbole: l.uniteSymbole,
  // The line does not say; thousandths stay as typed (the server checks the unit).
  fractionnable: true,
  image: null,
});

/** A saved draft back in the form: its products now exist (created with the draft). */
export function fromAchat(achat: Achat): { cart: Cart; entete: AchatEntete } {
  return {
    cart: {
      ...EMPTY_CART,
      lignes: achat.lignes.map((l) => ({
        produit: produitDeLigne(l),
        quantite: l.quantite,
        remise: l.remise,
        prix: l.prixUnitaire,
      })),
      remiseGlobale: achat.remiseGlobale,
    },
    entete: {
      fournisseur: achat.fournisseur,
      date: achat.date,
      referenceFournisseur: achat.referenceFournisseur ?? '',
      echeance: achat.echeance,
      frais: achat.frais,
      note: achat.note ?? '',
      nouveaux: {},
    },
  };
}
