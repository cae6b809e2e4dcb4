import {
  calculerVente,
  erreurQuantite,
  prixSelonType,
  remiseEffective,
  type Devis,
  type DevisUpdate,
  type PrixUtilise,
  type Remise,
  type ReglesTva,
  type VenteCalculee,
} from '@comptoir/shared';
import type { Cart } from '../../../components/document/cart';

/**
 * A quote as its screen holds it: the product lines in the shared cart (LignesEditor), the
 * free-text service lines beside it, the validity date, note and terms. Figures by calculerVente
 * over the products then the services, the order the body sends them: the server computes the
 * same figures.
 */
export interface Prestation {
  /** Local key of the row. */
  key: number;
  designation: string;
  /** Minor units, in the shop's price mode (TTC or HT); null while empty. */
  prixUnitaire: number | null;
  /** Basis points. */
  tauxTva: number;
  uniteSymbole: string;
  /** Thousandths. */
  quantite: number;
  remise: Remise | null;
}

export interface DevisSaisi {
  cart: Cart;
  prestations: readonly Prestation[];
  dateValidite: string | null;
  note: string;
  conditions: string;
}

let nextKey = 1;
export const nouvellePrestation = (tauxTva: number): Prestation => ({
  key: nextKey++,
  designation: '',
  prixUnitaire: null,
  tauxTva,
  uniteSymbole: 'forfait',
  quantite: 1000,
  remise: null,
});

/** The quote's figures, exactly as the server will record them. */
export function calculerDevis(d: DevisSaisi, prix: PrixUtilise, regles: ReglesTva): VenteCalculee {
  return calculerVente(
    [
      ...d.cart.lignes.map((l) => ({
        prixUnitaire: prixSelonType(l.produit, prix),
        quantite: l.quantite,
        tauxTva: l.produit.tauxTva,
        remise: l.remise,
      })),
      ...d.prestations.map((p) => ({
        prixUnitaire: p.prixUnitaire ?? 0,
        quantite: p.quantite,
        tauxTva: p.tauxTva,
        remise: p.remise,
      })),
    ],
    d.cart.remiseGlobale,
    regles,
  );
}

const text = (s: string) => s.trim() || null;

/** The body of `POST …/devis` (with the key) or `PUT …/devis/:id`. */
export function devisContenu(d: DevisSaisi, typeVenteId: number): DevisUpdate {
  return {
    clientId: d.cart.client?.id ?? 0,
    typeVenteId,
    dateValidite: d.dateValidite ?? '',
    lignes: [
      ...d.cart.lignes.map((l) => ({
        produitId: l.produit.id,
        quantite: l.quantite,
        remise: remiseEffective(l.remise),
      })),
      ...d.prestations.map((p) => ({
        produitId: null,
        designation: p.designation.trim(),
        prixUnitaire: p.prixUnitaire,
        tauxTva: p.tauxTva,
        uniteSymbole: text(p.uniteSymbole),
        quantite: p.quantite,
        remise: remiseEffective(p.remise),
      })),
    ],
    remiseGlobale: remiseEffective(d.cart.remiseGlobale),
    note: text(d.note),
    conditions: text(d.conditions),
  };
}

/** Checks before sending, in French, by field. */
export function devisErrors(d: DevisSaisi): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.cart.client) errors['clientId'] = 'Choisissez le client du devis.';
  if (!d.dateValidite) errors['dateValidite'] = 'La date de validité est obligatoire.';
  if (d.cart.lignes.length + d.prestations.length === 0)
    errors['lignes'] = 'Ajoutez au moins un produit ou une prestation.';
  d.cart.lignes.forEach((l, i) => {
    const e = erreurQuantite(l.quantite, l.produit.fractionnable, l.produit.nom);
    if (e) errors[`lignes.${i}.quantite`] = e;
  });
  d.prestations.forEach((p) => {
    if (!p.designation.trim())
      errors[`prestation.${p.key}.designation`] =
        'La désignation de la prestation est obligatoire.';
    if (p.prixUnitaire === null)
      errors[`prestation.${p.key}.prixUnitaire`] = 'Le prix de la prestation est obligatoire.';
    if (p.quantite <= 0)
      errors[`prestation.${p.key}.quantite`] = 'La quantité doit être supérieure à zéro.';
  });
  return errors;
}

/** A draft back into the screen's state (its products come from the catalogue, priced again). */
export function prestationsOf(devis: Devis): Prestation[] {
  return devis.lignes
    .filter((l) => l.produitId === null)
    .map((l) => ({
      key: nextKey++,
      designation: l.designation,
      prixUnitaire: l.prixUnitaire,
      tauxTva: l.tauxTva,
      uniteSymbole: l.uniteSymbole,
      quantite: l.quantite,
      remise: l.remise,
    }));
}
