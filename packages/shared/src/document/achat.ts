import { divRoundHalfAwayFromZero, lineAmount } from '../money.js';
import { repartir } from '../vente-calcul.js';

/**
 * The figures of a purchase, written once for the screen and the server. Amounts in the
 * currency's minor unit, quantities in thousandths, unit costs per whole unit.
 */

export interface LigneAchatACalculer {
  quantite: number;
  prixUnitaire: number;
}

export interface FraisAchatMontants {
  transport: number;
  douane: number;
  manutention: number;
}

export interface LigneAchatCalculee {
  /** prixUnitaire × quantite, rounded half away from zero. */
  montant: number;
  /** Its share of the extra costs. */
  frais: number;
  /** montant + frais: the value the goods enter the stock at. */
  coutRevient: number;
}

export interface AchatCalcule {
  lignes: LigneAchatCalculee[];
  totalMarchandises: number;
  totalFrais: number;
  total: number;
}

/**
 * Line amounts, and the extra costs (transport, customs, handling) spread over the lines in
 * proportion to their amount by largest remainder, so that the shares add up exactly to the
 * costs; lines all worth nothing share them by quantity.
 */
export function calculerAchat(
  lignes: readonly LigneAchatACalculer[],
  frais: FraisAchatMontants,
): AchatCalcule {
  const montants = lignes.map((l) => lineAmount(l.prixUnitaire, l.quantite));
  const totalMarchandises = montants.reduce((a, b) => a + b, 0);
  const totalFrais = frais.transport + frais.douane + frais.manutention;
  const poids = totalMarchandises > 0 ? montants : lignes.map((l) => l.quantite);
  const parts = repartir(totalFrais, poids);
  return {
    lignes: montants.map((montant, i) => ({
      montant,
      frais: parts[i]!,
      coutRevient: montant + parts[i]!,
    })),
    totalMarchandises,
    totalFrais,
    total: totalMarchandises + totalFrais,
  };
}

/**
 * The weighted average cost (CUMP) of a product after goods come in: (stock on hand × its CUMP +
 * value of the goods) ÷ (stock on hand + quantity in), rounded half away from zero to the minor
 * unit, computed exactly in bigint. Stock at or under zero carries no value: the goods' own unit
 * cost. `quantiteStock` and `quantiteEntree` in thousandths; `valeurEntree` in minor units.
 */
export function nouveauCump(
  quantiteStock: number,
  cump: number,
  quantiteEntree: number,
  valeurEntree: number,
): number {
  if (quantiteEntree <= 0) throw new RangeError('Quantité entrée invalide');
  const q0 = quantiteStock > 0 ? BigInt(quantiteStock) : 0n;
  const numerateur = q0 * BigInt(cump) + BigInt(valeurEntree) * 1000n;
  return Number(divRoundHalfAwayFromZero(numerateur, q0 + BigInt(quantiteEntree)));
}
