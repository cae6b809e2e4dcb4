import type { CartProduct } from './cart';

/** Products of the cart tests: a piece sold whole, and rice sold by the kilogram. */
export const nutella: CartProduct = {
  id: 1,
  nom: 'Nutella 400 g',
  codeBarres: '3017620422003',
  prixVente: 2750,
  prixGros: 2500,
  tauxTva: 1800,
  uniteSymbole: 'pce',
  fractionnable: false,
  image: null,
};
export const riz: CartProduct = {
  id: 3,
  nom: 'Riz parfumé',
  codeBarres: '2000000000039',
  prixVente: 600,
  prixGros: null,
  tauxTva: 0,
  uniteSymbole: 'kg',
  fractionnable: true,
  image: null,
};
