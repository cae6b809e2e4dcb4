import type { Selectable } from 'kysely';
import type { calculerVente } from '@comptoir/shared';
import type { ServicesTable } from '../../db/schema.js';
import type { PaiementsTable, VenteLignesTable, VentesTable } from '../../db/schema/documents.js';
import type { VenteACreer } from './ventes.prepare.js';

/** A cart checked against the shop's rows and computed (ventes.prepare.ts), ready to be written. */
export interface PreparedVente {
  userId: number;
  service: Selectable<ServicesTable>;
  input: VenteACreer;
  empreinte: string;
  typeVenteId: number;
  /** The sale type's name and the seller's, as the answer gives them. */
  typeNom: string;
  vendeur: { prenom: string; nom: string };
  client: {
    id: number;
    nom: string;
    telephone: string | null;
    plafond_credit: number | null;
  } | null;
  /**
   * The product of each line, in the cart's order, with its unit price (the sale type's, or the
   * one a document fixed); `id` null for a service line.
   */
  produits: Array<{
    id: number | null;
    nom: string;
    reference: string | null;
    code_barres: string | null;
    symbole: string;
    prix_achat: number;
    prix: number;
    /** Whether the product's unit splits (1), null for a service line. */
    fractionnable: number | null;
  }>;
  calcul: ReturnType<typeof calculerVente>;
  paye: number;
  /** The debt's amount: total minus the payments. */
  reste: number;
  /** Part of `reste` the customer's available credit pays (checked and taken under their lock). */
  avoir: number;
  /** Change given back on each payment (cash received above its amount). */
  rendus: number[];
  money: (v: number) => string;
  now: Date;
  horsLigne?: VenteCaisseOptions;
}

/**
 * A sale the till numbered in its register's series (modules/synchro): the goods are gone, so it
 * is recorded even for an inactive product, with stock going under zero, over a credit limit, or
 * with the register's session closed meanwhile (then on no session).
 */
export interface VenteCaisseOptions {
  caisseId: number;
  /**
   * The number the till gave in the register's series (db/numbering-caisse.ts); none: the
   * register's next (a sale the sync refused, recorded again).
   */
  sequence?: number;
  /** When the till validated it (its clock). */
  faiteLe: string;
  /** Fingerprint of the till's request (replays of the same sale). */
  empreinte: string;
}

/** The rows a sale's writing inserted, with their ids (ventes.reponse.ts builds the answer). */
export interface VenteEcrite {
  vente: Omit<Selectable<VentesTable>, 'montant_retourne' | 'impressions'>;
  /** In the cart's order (their positions), and the payments in theirs (ascending ids). */
  lignes: Array<Omit<Selectable<VenteLignesTable>, 'quantite_retournee'>>;
  paiements: Array<Selectable<PaiementsTable>>;
  dette: { id: number; montant: number; paye: number; echeance: string } | null;
}
