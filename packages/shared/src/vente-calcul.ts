import {
  AMOUNT_MAX,
  divRoundHalfAwayFromZero,
  isAmountInRange,
  lineAmount,
  percentOf,
} from './money.js';

/**
 * THE computation of a sale's amounts, shared by the point of sale (what the cashier sees) and
 * the server (what is recorded), so that both always agree to the minor unit.
 *
 * Rules (docs/regles-metier.md): integer minor units, rounding per line half away from zero.
 * 1. gross line = unit price × quantity (thousandths), rounded;
 * 2. line discount: an amount (capped at the gross) or a rate in basis points of the gross;
 * 3. global discount: an amount (capped at the sum of the net lines) or a rate of that sum,
 *    spread over the lines in proportion to their net amounts (largest remainder: exact sum);
 * 4. VAT per line: prices entered tax-inclusive → the line amount is TTC and the VAT is taken out
 *    of it; otherwise the amount is HT and the VAT is added. A shop not liable to VAT has none.
 * 5. summary per VAT rate and totals are plain sums of the lines.
 */

export type RemiseType = 'montant' | 'pourcent';
export interface Remise {
  type: RemiseType;
  /** Minor units for 'montant', basis points (10 % = 1000) for 'pourcent'. */
  valeur: number;
}

export interface LigneACalculer {
  /** Minor units, as entered in the shop (TTC when the shop enters prices tax-inclusive). */
  prixUnitaire: number;
  /** Thousandths (1,5 kg = 1500). */
  quantite: number;
  /** Basis points (18 % = 1800). */
  tauxTva: number;
  remise?: Remise | null;
}

export interface ReglesTva {
  assujettiTva: boolean;
  prixTtc: boolean;
}

export interface LigneCalculee {
  montantBrut: number;
  remiseLigne: number;
  /** Share of the global discount borne by this line. */
  remiseGlobale: number;
  montantHt: number;
  montantTva: number;
  montantTtc: number;
  /** The VAT rate actually applied (0 when the shop is not liable). */
  tauxTva: number;
}

export interface LigneTva {
  tauxTva: number;
  baseHt: number;
  montantTva: number;
  montantTtc: number;
}

export interface VenteCalculee {
  lignes: LigneCalculee[];
  totalBrut: number;
  totalRemises: number;
  remiseGlobale: number;
  totalHt: number;
  totalTva: number;
  totalTtc: number;
  tva: LigneTva[];
}

/** The discount an amount bears: an amount capped at it, or a rate of it. Never negative. */
export function montantRemise(base: number, remise: Remise | null | undefined): number {
  if (!remise || base <= 0) return 0;
  const value =
    remise.type === 'montant'
      ? Math.min(remise.valeur, base)
      : percentOf(base, Math.min(remise.valeur, 10000));
  return Math.max(0, value);
}

/** Splits `total` over `weights` in proportion, exactly (largest remainder; ties to the first). */
export function repartir(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum <= 0) return weights.map(() => 0);
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => (big * BigInt(w)) / bigSum);
  const remainders = weights.map((w, i) => ({ i, r: big * BigInt(w) - shares[i]! * bigSum }));
  let left = Number(big - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** VAT of one line amount: [HT, TVA, TTC]. */
export function ventilerTva(
  montant: number,
  tauxTva: number,
  prixTtc: boolean,
): [number, number, number] {
  if (tauxTva === 0) return [montant, 0, montant];
  if (prixTtc) {
    const tva = Number(
      divRoundHalfAwayFromZero(BigInt(montant) * BigInt(tauxTva), BigInt(10000 + tauxTva)),
    );
    return [montant - tva, tva, montant];
  }
  const tva = percentOf(montant, tauxTva);
  return [montant, tva, montant + tva];
}

export function calculerVente(
  lignes: LigneACalculer[],
  remiseGlobale: Remise | null | undefined,
  regles: ReglesTva,
): VenteCalculee {
  const bruts = lignes.map((l) => lineAmount(l.prixUnitaire, l.quantite));
  const remisesLignes = lignes.map((l, i) => montantRemise(bruts[i]!, l.remise));
  const nets = bruts.map((b, i) => b - remisesLignes[i]!);
  const totalNet = nets.reduce((a, b) => a + b, 0);
  const remiseTotale = montantRemise(totalNet, remiseGlobale);
  const parts = repartir(remiseTotale, nets);
  const calculees: LigneCalculee[] = lignes.map((l, i) => {
    const taux = regles.assujettiTva ? l.tauxTva : 0;
    const [ht, tva, ttc] = ventilerTva(nets[i]! - parts[i]!, taux, regles.prixTtc);
    return {
      montantBrut: bruts[i]!,
      remiseLigne: remisesLignes[i]!,
      remiseGlobale: parts[i]!,
      montantHt: ht,
      montantTva: tva,
      montantTtc: ttc,
      tauxTva: taux,
    };
  });
  const parTaux = new Map<number, LigneTva>();
  for (const l of calculees) {
    const r = parTaux.get(l.tauxTva) ?? {
      tauxTva: l.tauxTva,
      baseHt: 0,
      montantTva: 0,
      montantTtc: 0,
    };
    r.baseHt += l.montantHt;
    r.montantTva += l.montantTva;
    r.montantTtc += l.montantTtc;
    parTaux.set(l.tauxTva, r);
  }
  const sum = (f: (l: LigneCalculee) => number) => calculees.reduce((a, l) => a + f(l), 0);
  return {
    lignes: calculees,
    totalBrut: sum((l) => l.montantBrut),
    totalRemises: sum((l) => l.remiseLigne) + remiseTotale,
    remiseGlobale: remiseTotale,
    totalHt: sum((l) => l.montantHt),
    totalTva: sum((l) => l.montantTva),
    totalTtc: sum((l) => l.montantTtc),
    tva: [...parTaux.values()].sort((a, b) => a.tauxTva - b.tauxTva),
  };
}

/**
 * The share of a sold line's TTC amount that `quantite` returned units are worth, so that the
 * returns of a line always add up exactly to its amount: the last return takes the remainder.
 */
export function montantRetour(
  ligneTtc: number,
  quantiteVendue: number,
  dejaRetournee: number,
  quantite: number,
): number {
  if (quantite <= 0) return 0;
  if (dejaRetournee + quantite >= quantiteVendue) {
    const dejaMontant = Number(
      divRoundHalfAwayFromZero(BigInt(ligneTtc) * BigInt(dejaRetournee), BigInt(quantiteVendue)),
    );
    return ligneTtc - dejaMontant;
  }
  const avant = Number(
    divRoundHalfAwayFromZero(BigInt(ligneTtc) * BigInt(dejaRetournee), BigInt(quantiteVendue)),
  );
  const apres = Number(
    divRoundHalfAwayFromZero(
      BigInt(ligneTtc) * BigInt(dejaRetournee + quantite),
      BigInt(quantiteVendue),
    ),
  );
  return apres - avant;
}

/**
 * Cash: what the customer hands over (`recu`) against what is still due; the payment applied is
 * at most what is due and the difference is the change.
 */
export function monnaieARendre(recu: number, du: number): { applique: number; rendu: number } {
  const applique = Math.max(0, Math.min(recu, du));
  return { applique, rendu: Math.max(0, recu - applique) };
}

/**
 * Why a computed document cannot be recorded: a line or a total beyond AMOUNT_MAX (money.ts), or
 * null. Checked by the server before writing, and by the screens before sending.
 */
export function montantsHorsBornes(calcul: VenteCalculee): string | null {
  const limite = `la limite de ${AMOUNT_MAX.toLocaleString('fr-FR')} (unité mineure de la devise)`;
  const ligne = calcul.lignes.findIndex(
    (l) => !isAmountInRange(l.montantBrut) || !isAmountInRange(l.montantTtc),
  );
  if (ligne >= 0) return `Le montant de la ligne ${ligne + 1} dépasse ${limite}.`;
  const totaux = [calcul.totalBrut, calcul.totalHt, calcul.totalTva, calcul.totalTtc];
  if (!totaux.every(isAmountInRange)) return `Le total du document dépasse ${limite}.`;
  return null;
}
