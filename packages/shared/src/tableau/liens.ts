import type { Jours } from './periode.js';
import type { ModePaiement } from '../schemas/document.js';

/**
 * Where each figure of the owner's dashboard of one shop leads: a list page and its filters beyond
 * the period's days. The web builds its links from here and the API test opens the same lists with
 * the same filters, so that the figure and the list's total are compared, not assumed equal.
 */

export const LISTES_TABLEAU = {
  ventes: '/pages/ventes-list',
  rapportProduits: '/pages/rapports/produits',
  depenses: '/pages/depenses',
} as const;
export type ListeTableau = keyof typeof LISTES_TABLEAU;

export interface LienTableau {
  liste: ListeTableau;
  /** Filters of the list besides the days (`du`, `au`), in the list's own names. */
  filtres: Readonly<Record<string, string>>;
}

const lien = (liste: ListeTableau, filtres: Record<string, string> = {}): LienTableau => ({
  liste,
  filtres,
});

/** The page's URL: the period as custom days (`periode=perso`), then the filters. */
export function hrefTableau(l: LienTableau, j: Jours): string {
  const q = new URLSearchParams({ periode: 'perso', du: j.du, au: j.au, ...l.filtres });
  return `${LISTES_TABLEAU[l.liste]}?${q.toString()}`;
}

/**
 * The sales list counts the sales and sums their totals TTC (CA TTC, Ventes, Panier moyen); the
 * product report's figures over every sale (`toutesVentes`) give CA HT, Marge brute and Retours
 * (returns by their own day, which the sales list, by sale day, cannot).
 */
export const LIENS_TABLEAU = {
  caTtc: lien('ventes'),
  ventes: lien('ventes'),
  panier: lien('ventes'),
  caHt: lien('rapportProduits'),
  marge: lien('rapportProduits'),
  retours: lien('rapportProduits'),
  depenses: lien('depenses'),
} as const;

/** A seller: the sales list of their sales. */
export const lienVendeur = (userId: number) => lien('ventes', { vendeurId: String(userId) });

/** A category: the product report on it; « Sans catégorie » has no such filter, so no link. */
export const lienCategorie = (categorieId: number | null) =>
  categorieId === null ? null : lien('rapportProduits', { categorieId: String(categorieId) });

/** A product: the product report narrowed to it (quantity sold and CA TTC of its sales). */
export const lienProduit = (produitId: number) =>
  lien('rapportProduits', { produitId: String(produitId) });

/**
 * A payment mode (and operator): the sales list filtered on it, whose « Payé (mode) » total is
 * what those sales were paid in it. A row without operator is linked only when no other row has
 * its mode: the list, filtered on the mode alone, would also add the operators' payments.
 */
export function lienPaiement(
  p: { mode: ModePaiement; operateur: string | null },
  tous: ReadonlyArray<{ mode: ModePaiement; operateur: string | null }>,
): LienTableau | null {
  if (p.operateur !== null) return lien('ventes', { mode: p.mode, operateur: p.operateur });
  return tous.filter((o) => o.mode === p.mode).length === 1
    ? lien('ventes', { mode: p.mode })
    : null;
}

/**
 * A day's bar of the « par jour » chart: its CA TTC, the sales list of that day; its margin, the
 * product report of that day (the margin of the period's totals, on one day). The hours chart adds
 * days up by hour of the day: no list filters that way, so its bars lead nowhere.
 */
export const lienJour = (
  serie: 'caTtc' | 'marge',
  jour: string,
): { lien: LienTableau; jours: Jours } => ({
  lien: LIENS_TABLEAU[serie],
  jours: { du: jour, au: jour },
});
