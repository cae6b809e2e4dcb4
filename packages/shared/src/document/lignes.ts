import type { PrixUtilise } from '../schemas/types-ventes.js';
import type { Remise } from '../vente-calcul.js';

/**
 * Lines of a commercial document (sale, quote, purchase, invoice): a product, a quantity in
 * thousandths, an optional line discount. The unit price comes from the product by a rule the
 * document chooses (the sale type's price for a sale; the cost for a purchase).
 */

/** One unit, in thousandths. */
export const UNE_UNITE = 1000;
/** The largest quantity a line accepts (thousandths), as the schemas. */
export const QUANTITE_MAX = 1e9;

/** The prices of a product that a sale type chooses from. */
export interface PrixProduit {
  prixVente: number;
  prixGros: number | null;
}

/** THE wholesale rule: the wholesale price of a wholesale sale type, falling back to retail. */
export const prixSelonType = (p: PrixProduit, prix: PrixUtilise): number =>
  prix === 'gros' && p.prixGros !== null ? p.prixGros : p.prixVente;

/** A line as entered: `P` is what the document keeps of its product. */
export interface LigneSaisie<P extends { id: number }> {
  produit: P;
  /** Thousandths; null while being typed. */
  quantite: number | null;
  remise: Remise | null;
}

/** Adds a product: `quantite` more of it when already on the document, else a new line. */
export function ajouterLigne<P extends { id: number }, L extends LigneSaisie<P>>(
  lignes: readonly L[],
  produit: P,
  nouvelle: (produit: P, quantite: number) => L,
  quantite: number = UNE_UNITE,
): L[] {
  const index = lignes.findIndex((l) => l.produit.id === produit.id);
  if (index < 0) return [...lignes, nouvelle(produit, quantite)];
  return lignes.map((l, i) => (i === index ? { ...l, quantite: (l.quantite ?? 0) + quantite } : l));
}

/**
 * A typed quantity made valid: a fractional unit keeps thousandths (at least 0,001), another is
 * whole units (at least 1); never above QUANTITE_MAX.
 */
export function quantiteValide(quantite: number, fractionnable: boolean): number {
  const arrondie = fractionnable
    ? Math.round(quantite)
    : Math.round(quantite / UNE_UNITE) * UNE_UNITE;
  return Math.min(QUANTITE_MAX, Math.max(fractionnable ? 1 : UNE_UNITE, arrondie));
}

/** Why a line's quantity cannot be sent, in French; null when it can. */
export function erreurQuantite(
  quantite: number | null,
  fractionnable: boolean,
  nom: string,
): string | null {
  if (!quantite || quantite <= 0) return 'La quantité doit être supérieure à zéro.';
  if (!fractionnable && quantite % UNE_UNITE !== 0) return `« ${nom} » se vend à l'unité.`;
  return null;
}

/** A discount of zero is no discount: what a document sends. */
export const remiseEffective = (r: Remise | null | undefined): Remise | null =>
  r && r.valeur > 0 ? r : null;
