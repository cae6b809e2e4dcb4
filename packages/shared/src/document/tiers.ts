/**
 * The party of a document: the customer of a sale, quote or invoice; the supplier of a purchase
 * or a supplier return. Documents keep only what a screen shows of it.
 */
export type TypeTiers = 'client' | 'fournisseur';

export interface TiersRef {
  id: number;
  nom: string;
  telephone: string | null;
}

export const TIERS_LABELS: Record<TypeTiers, { un: string; le: string; nouveau: string }> = {
  client: { un: 'un client', le: 'le client', nouveau: 'Nouveau client' },
  fournisseur: { un: 'un fournisseur', le: 'le fournisseur', nouveau: 'Nouveau fournisseur' },
};

/** « Nom — téléphone », or the name alone. */
export const libelleTiers = (t: TiersRef, separateur = ' — '): string =>
  t.telephone ? `${t.nom}${separateur}${t.telephone}` : t.nom;

/**
 * What is left unpaid becomes a debt of the party: it needs the party and a due date. Errors by
 * field (`clientId`, `echeance`), in French.
 */
export function exigencesReste(
  reste: number,
  tiers: TiersRef | { id: number } | null,
  echeance: string | null,
): Record<string, string> {
  const erreurs: Record<string, string> = {};
  if (reste <= 0) return erreurs;
  if (tiers === null) erreurs['clientId'] = 'Le reste à payer exige un client.';
  if (!echeance) erreurs['echeance'] = "Choisissez la date d'échéance du reste à payer.";
  return erreurs;
}
