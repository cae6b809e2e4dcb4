import type { LignesConfig, LineIds } from '../../../components/document/LignesEditor';

/** The ids of the cart's fields at the point of sale, by product (F4 finds the last line's). */
export const posLineIds: LineIds = {
  quantite: (produitId) => `pos-qty-${produitId}`,
  remise: (produitId) => `pos-remise-${produitId}`,
};

/** The cart's lines at the counter: each shows its gross minus its own discount. */
export const POS_LINES: LignesConfig = {
  ids: posLineIds,
  label: 'Panier',
  rowTestId: 'pos-line',
  empty: 'Panier vide : scannez un produit ou cherchez-le par son nom.',
  montant: 'net',
};
