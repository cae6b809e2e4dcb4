import {
  prixSelonType,
  resumePaiements,
  type PrixUtilise,
  type TypeVente,
  type Vente,
  type VenteCalculee,
  type VenteHorsLigne,
} from '@comptoir/shared';
import type { Cart } from '../../../components/document/cart';
import type { PaymentDraft } from '../../../components/document/payment';
import { getUser } from '../../../lib/session';
import type { ClientHorsLigne } from './file';

/**
 * A sale made without the network, from the cart and its figures (the same calculerVente as the
 * server): the body queued for the sync, and the sale as its receipt shows it.
 */
export interface VenteSaisieHorsLigne {
  cart: Cart;
  calc: VenteCalculee;
  prix: PrixUtilise;
  typeVente: TypeVente;
  paiements: readonly PaymentDraft[];
  echeance: string | null;
  devise: string;
  /** The customer created offline that the cart names, if any. */
  clientHorsLigne: ClientHorsLigne | null;
}

export function corpsHorsLigne(
  s: VenteSaisieHorsLigne,
  cle: string,
  sequence: number,
  faiteLe: string,
): VenteHorsLigne {
  const client = s.cart.client;
  return {
    cleIdempotence: cle,
    sequence,
    faiteLe,
    typeVenteId: s.typeVente.id,
    clientId: client && client.id > 0 ? client.id : null,
    clientCle: s.clientHorsLigne?.cle ?? null,
    lignes: s.cart.lignes.map((l) => ({
      produitId: l.produit.id,
      quantite: l.quantite,
      remise: l.remise && l.remise.valeur > 0 ? l.remise : null,
      nom: l.produit.nom,
      uniteSymbole: l.produit.uniteSymbole,
      prixUnitaire: prixSelonType(l.produit, s.prix),
      tauxTva: l.produit.tauxTva,
    })),
    remiseGlobale:
      s.cart.remiseGlobale && s.cart.remiseGlobale.valeur > 0 ? s.cart.remiseGlobale : null,
    paiements: resumePaiements(s.calc.totalTtc, s.paiements)
      .paiements as VenteHorsLigne['paiements'],
    echeance: s.echeance,
    note: null,
  };
}

/** The sale as its receipt shows it (id: minus its number, until the server has it). */
export function venteLocale(s: VenteSaisieHorsLigne, corps: VenteHorsLigne, numero: string): Vente {
  const user = getUser();
  const paiements = corps.paiements;
  const paye = paiements.reduce((a, p) => a + p.montant, 0);
  const rendus = paiements.map((p) =>
    p.mode === 'especes' && p.recu !== null ? p.recu - p.montant : 0,
  );
  const reste = s.calc.totalTtc - paye;
  return {
    id: -corps.sequence,
    numero,
    createdAt: corps.faiteLe,
    devise: s.devise,
    typeVente: { id: s.typeVente.id, nom: s.typeVente.nom },
    client: s.cart.client,
    vendeur: { id: user?.id ?? 0, prenom: user?.prenom ?? '', nom: user?.nom ?? '' },
    lignes: corps.lignes.map((l, i) => {
      const c = s.calc.lignes[i]!;
      return {
        id: -(i + 1),
        produitId: l.produitId,
        nom: l.nom,
        reference: null,
        codeBarres: s.cart.lignes[i]!.produit.codeBarres,
        uniteSymbole: l.uniteSymbole,
        fractionnable: s.cart.lignes[i]!.produit.fractionnable,
        quantite: l.quantite,
        prixUnitaire: l.prixUnitaire,
        tauxTva: c.tauxTva,
        prixAchat: 0,
        remise: l.remise ?? null,
        montantBrut: c.montantBrut,
        remiseLigne: c.remiseLigne,
        remiseGlobale: c.remiseGlobale,
        montantHt: c.montantHt,
        montantTva: c.montantTva,
        montantTtc: c.montantTtc,
        quantiteRetournee: 0,
      };
    }),
    remiseGlobale: corps.remiseGlobale ?? null,
    totalBrut: s.calc.totalBrut,
    totalRemises: s.calc.totalRemises,
    montantRemiseGlobale: s.calc.remiseGlobale,
    totalHt: s.calc.totalHt,
    totalTva: s.calc.totalTva,
    totalTtc: s.calc.totalTtc,
    tva: s.calc.tva,
    paiements: paiements.map((p, i) => ({
      id: -(i + 1),
      mode: p.mode,
      montant: p.montant,
      recu: p.recu ?? null,
      rendu: rendus[i]!,
      operateur: p.operateur ?? null,
      reference: p.reference ?? null,
      createdAt: corps.faiteLe,
    })),
    montantPaye: paye,
    montantRetourne: 0,
    reste,
    rendu: rendus.reduce((a, b) => a + b, 0),
    dette: null,
    retours: [],
    statut: reste > 0 ? (paye > 0 ? 'partiellement_payee' : 'a_credit') : 'payee',
    impressions: 0,
    note: null,
  };
}
