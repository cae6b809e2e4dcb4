import { achatUpdateSchema, type ResumePaiements } from '@comptoir/shared';
import type { Cart } from '../../../components/document/cart';
import { validate } from '../../../lib/validation';
import { achatBody, type AchatEntete } from './achat-cart';

/**
 * What blocks saving the purchase, by field, in French, before anything is sent: the draft's
 * own checks (the shared schema), and at validation the payments (never more than the total).
 */
export function achatErrors(
  entete: AchatEntete,
  cart: Cart,
  paiements: ResumePaiements | null,
): Record<string, string> {
  const found = validate(achatUpdateSchema, achatBody(entete, cart));
  if (!entete.fournisseur) found['fournisseurId'] = 'Choisissez le fournisseur.';
  if (cart.lignes.length === 0) found['lignes'] = 'Un achat compte au moins une ligne.';
  cart.lignes.forEach((l, i) => {
    if (found[`lignes.${i}.prixUnitaire`])
      found['lignes'] ??= `${l.produit.nom} : ${found[`lignes.${i}.prixUnitaire`]}`;
    if (found[`lignes.${i}.quantite`])
      found['lignes'] ??= `${l.produit.nom} : ${found[`lignes.${i}.quantite`]}`;
  });
  if (paiements?.erreur)
    found['paiements'] =
      paiements.erreurs['paiements'] !== undefined
        ? "Les paiements dépassent le total de l'achat."
        : paiements.erreur;
  return found;
}
