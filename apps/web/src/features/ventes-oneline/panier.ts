import {
  ajouterLigne,
  calculerLignes,
  prixSelonType,
  resumePaiements,
  venteBody as corpsVente,
  venteErrors as erreursVente,
  type LigneDeVente,
  type PaiementSaisi,
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

export type { PaiementSaisi };

export interface LignePanier {
  produit: ProduitVendu;
  /** Thousandths; null while being typed. */
  quantite: number | null;
  remise: RemiseInput | null;
}

export interface ReglesBoutique {
  assujettiTva: boolean;
  prixTtc: boolean;
}

/** The unit price of the sale type: wholesale falls back to retail. */
export const prixDe: (
  p: Pick<ProduitVendu, 'prixVente' | 'prixGros'>,
  prix: PrixUtilise,
) => number = prixSelonType;

const versLigne = (l: LignePanier): LigneDeVente => ({
  produit: { ...l.produit, fractionnable: l.produit.unite.fractionnable },
  quantite: l.quantite,
  remise: l.remise,
});

/** Adds a product: one more of it when already in the sale, else a new line of 1. */
export const ajouter = (lignes: readonly LignePanier[], produit: ProduitVendu): LignePanier[] =>
  ajouterLigne(lignes, produit, (p, quantite) => ({ produit: p, quantite, remise: null }));

export function calculer(
  lignes: readonly LignePanier[],
  remiseGlobale: RemiseInput | null,
  prix: PrixUtilise,
  regles: ReglesBoutique,
): VenteCalculee {
  return calculerLignes(lignes.map(versLigne), remiseGlobale, prix, regles);
}

/** What the payments apply to the sale, the change given back for cash, and the unpaid rest. */
export function soldePaiements(
  totalTtc: number,
  paiements: readonly PaiementSaisi[],
): { paye: number; rendu: number; reste: number } {
  const { paye, rendu, reste } = resumePaiements(totalTtc, paiements);
  return { paye, rendu, reste };
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

const versSaisie = (v: VenteSaisie) => ({ ...v, lignes: v.lignes.map(versLigne) });

/** The body of `POST …/ventes`. */
export const venteBody = (v: VenteSaisie, totalTtc: number): VenteInput =>
  corpsVente(versSaisie(v), totalTtc);

/** Checks before sending, in French, by field. */
export const venteErrors = (v: VenteSaisie, totalTtc: number): Record<string, string> =>
  erreursVente(versSaisie(v), totalTtc);
