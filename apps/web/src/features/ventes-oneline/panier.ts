import {
  calculerVente,
  type ModePaiement,
  type PrixUtilise,
  type Produit,
  type RemiseInput,
  type VenteCalculee,
  type VenteInput,
} from '@comptoir/shared';

/**
 * The back-office sale being written: pure functions over its state (lines, discounts,
 * payments), computed with the very calculerVente the server records with.
 */
export type ProduitVendu = Pick<
  Produit,
  | 'id'
  | 'nom'
  | 'reference'
  | 'codeBarres'
  | 'prixVente'
  | 'prixGros'
  | 'tauxTva'
  | 'unite'
  | 'quantite'
>;

export interface LignePanier {
  produit: ProduitVendu;
  /** Thousandths; null while being typed. */
  quantite: number | null;
  remise: RemiseInput | null;
}

export interface PaiementSaisi {
  mode: ModePaiement;
  /** Applied to the sale (minor units). */
  montant: number | null;
  /** Cash handed over (espèces only). */
  recu: number | null;
  operateur: string;
  reference: string;
}

export interface ReglesBoutique {
  assujettiTva: boolean;
  prixTtc: boolean;
}

/** The unit price of the sale type: wholesale falls back to retail. */
export const prixDe = (
  p: Pick<ProduitVendu, 'prixVente' | 'prixGros'>,
  prix: PrixUtilise,
): number => (prix === 'gros' && p.prixGros !== null ? p.prixGros : p.prixVente);

/** Adds a product: one more of it when already in the sale, else a new line of 1. */
export function ajouter(lignes: readonly LignePanier[], produit: ProduitVendu): LignePanier[] {
  const index = lignes.findIndex((l) => l.produit.id === produit.id);
  if (index < 0) return [...lignes, { produit, quantite: 1000, remise: null }];
  return lignes.map((l, i) => (i === index ? { ...l, quantite: (l.quantite ?? 0) + 1000 } : l));
}

export function calculer(
  lignes: readonly LignePanier[],
  remiseGlobale: RemiseInput | null,
  prix: PrixUtilise,
  regles: ReglesBoutique,
): VenteCalculee {
  return calculerVente(
    lignes.map((l) => ({
      prixUnitaire: prixDe(l.produit, prix),
      quantite: l.quantite ?? 0,
      tauxTva: l.produit.tauxTva,
      remise: l.remise,
    })),
    remiseGlobale,
    regles,
  );
}

/** What the payments apply to the sale, the change given back for cash, and the unpaid rest. */
export function soldePaiements(
  totalTtc: number,
  paiements: readonly PaiementSaisi[],
): { paye: number; rendu: number; reste: number } {
  const paye = paiements.reduce((s, p) => s + (p.montant ?? 0), 0);
  const rendu = paiements.reduce(
    (s, p) =>
      s +
      (p.mode === 'especes' && p.recu !== null && p.montant !== null
        ? Math.max(0, p.recu - p.montant)
        : 0),
    0,
  );
  return { paye, rendu, reste: Math.max(0, totalTtc - paye) };
}

export interface VenteSaisie {
  cle: string;
  typeVenteId: number | null;
  clientId: number | null;
  lignes: readonly LignePanier[];
  remiseGlobale: RemiseInput | null;
  paiements: readonly PaiementSaisi[];
  echeance: string | null;
  note: string;
}

/** The body of `POST …/ventes`. */
export function venteBody(v: VenteSaisie): VenteInput {
  return {
    cleIdempotence: v.cle,
    typeVenteId: v.typeVenteId ?? 0,
    clientId: v.clientId,
    lignes: v.lignes.map((l) => ({
      produitId: l.produit.id,
      quantite: l.quantite ?? 0,
      remise: l.remise && l.remise.valeur > 0 ? l.remise : null,
    })),
    remiseGlobale: v.remiseGlobale && v.remiseGlobale.valeur > 0 ? v.remiseGlobale : null,
    paiements: v.paiements
      .filter((p) => (p.montant ?? 0) > 0)
      .map((p) => ({
        mode: p.mode,
        montant: p.montant ?? 0,
        recu: p.mode === 'especes' && p.recu !== null ? p.recu : null,
        operateur: p.mode === 'mobile_money' ? p.operateur.trim() || null : null,
        reference: p.mode !== 'especes' ? p.reference.trim() || null : null,
      })),
    echeance: v.echeance,
    note: v.note.trim() || null,
  };
}

/**
 * Checks before sending, in French, by field: lines and quantities, payments not above the
 * total, the rest needs a customer and a due date.
 */
export function venteErrors(v: VenteSaisie, totalTtc: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.typeVenteId === null) errors['typeVenteId'] = 'Choisissez le type de vente.';
  if (v.lignes.length === 0) errors['lignes'] = 'Ajoutez au moins un article.';
  v.lignes.forEach((l, i) => {
    if (!l.quantite || l.quantite <= 0)
      errors[`lignes.${i}.quantite`] = 'La quantité doit être supérieure à zéro.';
    else if (!l.produit.unite.fractionnable && l.quantite % 1000 !== 0)
      errors[`lignes.${i}.quantite`] = `« ${l.produit.nom} » se vend à l'unité.`;
  });
  const { paye, reste } = soldePaiements(totalTtc, v.paiements);
  if (paye > totalTtc) errors['paiements'] = 'Les paiements dépassent le total de la vente.';
  v.paiements.forEach((p, i) => {
    if (p.mode === 'mobile_money' && !p.operateur.trim())
      errors[`paiements.${i}.operateur`] = "L'opérateur de mobile money est obligatoire.";
    if (p.mode === 'especes' && p.recu !== null && p.montant !== null && p.recu < p.montant)
      errors[`paiements.${i}.recu`] = 'Le montant reçu ne peut pas être inférieur au montant payé.';
  });
  if (reste > 0 && v.lignes.length > 0) {
    if (v.clientId === null) errors['clientId'] = 'Le reste à payer exige un client.';
    if (!v.echeance) errors['echeance'] = "Choisissez la date d'échéance du reste à payer.";
  }
  return errors;
}
