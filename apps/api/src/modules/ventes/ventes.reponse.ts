import type { Vente } from '@comptoir/shared';
import { assembleVente, type LigneRow, type VenteRow } from './ventes.read.js';
import type { PreparedVente, VenteEcrite } from './ventes.types.js';

/**
 * The answer of a sale just written, from the values written (no reading back): the rows that
 * readVente would read, handed to the same assembleVente, so the answer is the same JSON as
 * GET …/ventes/:id (test ventes.reponse.test.ts). A new sale has no return, no printed receipt,
 * nothing returned on its lines.
 */
export function venteEcrite(prepared: PreparedVente, ecrite: VenteEcrite): Vente {
  const { client, produits } = prepared;
  const v: VenteRow = {
    ...ecrite.vente,
    montant_retourne: 0,
    impressions: 0,
    type_nom: prepared.typeNom,
    user_prenom: prepared.vendeur.prenom,
    user_nom: prepared.vendeur.nom,
    client_nom: client?.nom ?? null,
    client_telephone: client?.telephone ?? null,
  };
  const lignes: LigneRow[] = ecrite.lignes.map((l, i) => ({
    ...l,
    quantite_retournee: 0,
    fractionnable: produits[i]!.fractionnable,
  }));
  return assembleVente(prepared.service, v, lignes, ecrite.paiements, ecrite.dette, []);
}
