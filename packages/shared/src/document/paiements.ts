import type { ModeSaisi, PaiementInput } from '../schemas/document.js';
import { monnaieARendre } from '../vente-calcul.js';

/**
 * Payments of a document, as entered (at the counter or in the back office) and as sent. One
 * rule for every screen: amounts given are applied first, in their order (never beyond what is
 * due); then cash given only as « received » covers what is left, the rest of it being change.
 */
export interface PaiementSaisi {
  /** 'avoir': the customer's available credit (a sale's `avoir`, not a payment row). */
  mode: ModeSaisi;
  /** Applied to the document (minor units). Cash may leave it empty: `recu` then decides. */
  montant: number | null;
  /** Cash handed over (minor units). */
  recu: number | null;
  operateur: string;
  reference: string;
}

export interface ResumePaiements {
  /** What is sent, in the order entered (cash given as « received » last). */
  paiements: PaiementInput[];
  /** Applied to the document (payments and credit). */
  paye: number;
  /** Of which the customer's available credit (« Avoir » rows): the sale's `avoir`. */
  avoir: number;
  /** Left unpaid: becomes a debt. */
  reste: number;
  /** Change to give back (cash). */
  rendu: number;
  /** The first reason the payments cannot be sent, in French; null when they can. */
  erreur: string | null;
  /** The same reasons by field: `paiements`, `paiements.<i>.operateur`, `paiements.<i>.recu`. */
  erreurs: Record<string, string>;
}

export const ERREUR_PAIEMENTS_DEPASSENT = 'Les paiements dépassent le total de la vente.';
export const ERREUR_OPERATEUR = "L'opérateur de mobile money est obligatoire.";
export const ERREUR_RECU = 'Le montant reçu ne peut pas être inférieur au montant payé.';
export const ERREUR_AVOIR = "L'avoir utilisé dépasse l'avoir disponible du client.";

/** A new payment of `mode`, for `montant` (null: to be typed). */
export const paiementVide = (mode: ModeSaisi, montant: number | null = null): PaiementSaisi => ({
  mode,
  montant,
  recu: null,
  operateur: '',
  reference: '',
});

const texte = (s: string) => s.trim() || null;

/**
 * Spreads the payments over `total` (see above) and says what blocks them. « Avoir » rows take
 * from the customer's `avoirDisponible` credit, never beyond it.
 */
export function resumePaiements(
  total: number,
  saisis: readonly PaiementSaisi[],
  avoirDisponible = 0,
): ResumePaiements {
  const erreurs: Record<string, string> = {};
  const paiements: PaiementInput[] = [];
  let du = total;
  let rendu = 0;
  let avoir = 0;
  saisis.forEach((p, i) => {
    if (p.mode === 'mobile_money' && (p.montant ?? 0) > 0 && !p.operateur.trim())
      erreurs[`paiements.${i}.operateur`] = ERREUR_OPERATEUR;
    if (!p.montant || p.montant <= 0) return;
    if (p.montant > du) erreurs['paiements'] = ERREUR_PAIEMENTS_DEPASSENT;
    const montant = Math.min(p.montant, du);
    const cash = p.mode === 'especes';
    const recu = cash && p.recu !== null && p.recu > 0 ? p.recu : null;
    if (recu !== null && recu < p.montant) erreurs[`paiements.${i}.recu`] = ERREUR_RECU;
    if (recu !== null) rendu += Math.max(0, recu - montant);
    if (p.mode === 'avoir') avoir += montant;
    else if (montant > 0)
      paiements.push({
        mode: p.mode,
        montant,
        recu,
        operateur: p.mode === 'mobile_money' ? texte(p.operateur) : null,
        reference: cash ? null : texte(p.reference),
      });
    du -= montant;
  });
  for (const p of saisis) {
    if (p.mode !== 'especes' || (p.montant ?? 0) > 0 || !p.recu || p.recu <= 0) continue;
    const cash = monnaieARendre(p.recu, du);
    rendu += cash.rendu;
    if (cash.applique > 0)
      paiements.push({
        mode: 'especes',
        montant: cash.applique,
        recu: p.recu,
        operateur: null,
        reference: null,
      });
    du -= cash.applique;
  }
  if (avoir > avoirDisponible) erreurs['paiements'] ??= ERREUR_AVOIR;
  const erreur =
    erreurs['paiements'] ?? Object.values(erreurs).find((e) => e !== undefined) ?? null;
  return { paiements, paye: total - du, avoir, reste: du, rendu, erreur, erreurs };
}
