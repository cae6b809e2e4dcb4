import type { PrixUtilise } from '../schemas/types-ventes.js';
import type { VenteInput } from '../schemas/ventes.js';
import { calculerVente, type Remise, type ReglesTva, type VenteCalculee } from '../vente-calcul.js';
import { erreurQuantite, prixSelonType, remiseEffective, type PrixProduit } from './lignes.js';
import { resumePaiements, type PaiementSaisi } from './paiements.js';
import { exigencesReste } from './tiers.js';

/**
 * A sale as a screen holds it (the point of sale and the back-office form alike), its figures by
 * calculerVente, its checks and the body of `POST …/ventes`.
 */
export interface ProduitDeLigne extends PrixProduit {
  id: number;
  nom: string;
  tauxTva: number;
  fractionnable: boolean;
}

export interface LigneDeVente {
  produit: ProduitDeLigne;
  quantite: number | null;
  remise: Remise | null;
}

/** The figures of the lines at the sale type's price, exactly as the server will record them. */
export function calculerLignes(
  lignes: readonly LigneDeVente[],
  remiseGlobale: Remise | null,
  prix: PrixUtilise,
  regles: ReglesTva,
): VenteCalculee {
  return calculerVente(
    lignes.map((l) => ({
      prixUnitaire: prixSelonType(l.produit, prix),
      quantite: l.quantite ?? 0,
      tauxTva: l.produit.tauxTva,
      remise: l.remise,
    })),
    remiseGlobale,
    regles,
  );
}

export interface VenteSaisie {
  cle: string;
  typeVenteId: number | null;
  clientId: number | null;
  lignes: readonly LigneDeVente[];
  remiseGlobale: Remise | null;
  paiements: readonly PaiementSaisi[];
  echeance: string | null;
  note?: string;
}

/** The body of `POST …/ventes` (discounts of zero dropped, payments as resumePaiements sends them). */
export function venteBody(v: VenteSaisie, totalTtc: number): VenteInput {
  const note = v.note?.trim();
  const resume = resumePaiements(totalTtc, v.paiements);
  return {
    cleIdempotence: v.cle,
    typeVenteId: v.typeVenteId ?? 0,
    clientId: v.clientId,
    lignes: v.lignes.map((l) => ({
      produitId: l.produit.id,
      quantite: l.quantite ?? 0,
      remise: remiseEffective(l.remise),
    })),
    remiseGlobale: remiseEffective(v.remiseGlobale),
    paiements: resume.paiements,
    ...(resume.avoir > 0 ? { avoir: resume.avoir } : {}),
    echeance: v.echeance,
    ...(v.note === undefined ? {} : { note: note || null }),
  };
}

/**
 * Checks before sending, in French, by field: sale type, lines and quantities, payments, and the
 * rest that needs a customer and a due date.
 */
export function venteErrors(v: VenteSaisie, totalTtc: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.typeVenteId === null) errors['typeVenteId'] = 'Choisissez le type de vente.';
  if (v.lignes.length === 0) errors['lignes'] = 'Ajoutez au moins un article.';
  v.lignes.forEach((l, i) => {
    const e = erreurQuantite(l.quantite, l.produit.fractionnable, l.produit.nom);
    if (e) errors[`lignes.${i}.quantite`] = e;
  });
  const resume = resumePaiements(totalTtc, v.paiements);
  Object.assign(errors, resume.erreurs);
  if (v.lignes.length > 0)
    Object.assign(
      errors,
      exigencesReste(resume.reste, v.clientId === null ? null : { id: v.clientId }, v.echeance),
    );
  return errors;
}
