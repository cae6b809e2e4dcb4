import { divRoundHalfAwayFromZero } from '../money.js';
import { calculerVente, repartir, type Remise } from '../vente-calcul.js';

/**
 * The figures of a purchase, written once for the screen and the server. Amounts in the
 * currency's minor unit, quantities in thousandths, unit costs per whole unit.
 */

export interface LigneAchatACalculer {
  quantite: number;
  prixUnitaire: number;
  /** The supplier's discount on the line: an amount or a rate, as on a sale. */
  remise?: Remise | null;
}

export interface FraisAchatMontants {
  transport: number;
  douane: number;
  manutention: number;
}

export interface LigneAchatCalculee {
  /** prixUnitaire × quantite, rounded half away from zero. */
  montantBrut: number;
  remiseLigne: number;
  /** Its share of the document's discount. */
  remiseGlobale: number;
  /** montantBrut − both discounts: what the goods cost before the extra costs. */
  montant: number;
  /** Its share of the extra costs. */
  frais: number;
  /** montant + frais: the value the goods enter the stock at. */
  coutRevient: number;
}

export interface AchatCalcule {
  lignes: LigneAchatCalculee[];
  totalBrut: number;
  /** Line discounts and the document's discount. */
  totalRemises: number;
  remiseGlobale: number;
  /** Goods net of the discounts. */
  totalMarchandises: number;
  totalFrais: number;
  total: number;
}

/**
 * Line amounts and discounts computed as a sale's (`calculerVente`, without VAT: line discount,
 * then the document's discount spread over the net lines), then the extra costs (transport,
 * customs, handling) spread over the lines in proportion to their net amount by largest
 * remainder, so that the shares add up exactly to the costs; lines all worth nothing share them
 * by quantity.
 */
export function calculerAchat(
  lignes: readonly LigneAchatACalculer[],
  frais: FraisAchatMontants,
  remiseGlobale: Remise | null = null,
): AchatCalcule {
  const vente = calculerVente(
    lignes.map((l) => ({ ...l, tauxTva: 0 })),
    remiseGlobale,
    SANS_TVA,
  );
  const montants = vente.lignes.map((l) => l.montantTtc);
  const totalMarchandises = vente.totalTtc;
  const totalFrais = frais.transport + frais.douane + frais.manutention;
  const poids = totalMarchandises > 0 ? montants : lignes.map((l) => l.quantite);
  const parts = repartir(totalFrais, poids);
  return {
    lignes: vente.lignes.map((l, i) => ({
      montantBrut: l.montantBrut,
      remiseLigne: l.remiseLigne,
      remiseGlobale: l.remiseGlobale,
      montant: montants[i]!,
      frais: parts[i]!,
      coutRevient: montants[i]! + parts[i]!,
    })),
    totalBrut: vente.totalBrut,
    totalRemises: vente.totalRemises,
    remiseGlobale: vente.remiseGlobale,
    totalMarchandises,
    totalFrais,
    total: totalMarchandises + totalFrais,
  };
}

const SANS_TVA = { assujettiTva: false, prixTtc: true } as const;

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
