import {
  formatQuantity,
  montantRetour,
  type ModePaiement,
  type RetourInput,
  type RetourMode,
  type Vente,
  type VenteLigne,
} from '@comptoir/shared';

/** Quantities chosen in the return dialog, by sale line id (thousandths; null or 0: not returned). */
export type Quantites = Readonly<Record<number, number | null>>;

/** What can still be returned of a line: sold minus already returned. */
export const retournable = (l: Pick<VenteLigne, 'quantite' | 'quantiteRetournee'>): number =>
  Math.max(0, l.quantite - l.quantiteRetournee);

/** Amount (TTC) of each chosen line, exactly as the server computes it (montantRetour). */
export function montantLigne(l: VenteLigne, quantite: number | null | undefined): number {
  const q = Math.min(quantite ?? 0, retournable(l));
  return montantRetour(l.montantTtc, l.quantite, l.quantiteRetournee, q);
}

export function montantTotal(lignes: readonly VenteLigne[], quantites: Quantites): number {
  return lignes.reduce((sum, l) => sum + montantLigne(l, quantites[l.id]), 0);
}

/**
 * How the amount is settled: first what is still owed on the sale, then the rest is refunded (or
 * credited to the customer's account).
 */
export function repartitionRetour(
  montant: number,
  resteVente: number,
): { imputeDette: number; solde: number } {
  const imputeDette = Math.min(montant, Math.max(0, resteVente));
  return { imputeDette, solde: montant - imputeDette };
}

/** Errors of the dialog before sending, in French; an empty object when it can be sent. */
export function retourErrors(
  vente: Pick<Vente, 'lignes' | 'client' | 'reste'>,
  quantites: Quantites,
  mode: RetourMode,
  modeRemboursement: ModePaiement | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const l of vente.lignes) {
    const q = quantites[l.id] ?? 0;
    if (q > retournable(l))
      errors[`ligne-${l.id}`] =
        `Au plus ${formatQuantity(retournable(l))}\u00A0${l.uniteSymbole} de « ${l.nom} » peuvent être retournés.`;
  }
  const montant = montantTotal(vente.lignes, quantites);
  if (!vente.lignes.some((l) => (quantites[l.id] ?? 0) > 0))
    errors['lignes'] = 'Choisissez au moins une quantité à retourner.';
  if (mode === 'avoir' && !vente.client)
    errors['mode'] = 'Un avoir exige une vente faite à un client.';
  if (
    mode === 'remboursement' &&
    repartitionRetour(montant, vente.reste).solde > 0 &&
    !modeRemboursement
  )
    errors['modeRemboursement'] = 'Choisissez le mode de remboursement.';
  return errors;
}

/** The body of `POST …/ventes/:id/retours`: only the lines with a quantity. */
export function retourBody(
  cle: string,
  vente: Pick<Vente, 'lignes' | 'reste'>,
  quantites: Quantites,
  mode: RetourMode,
  modeRemboursement: ModePaiement | null,
  motif: string,
): RetourInput {
  const lignes = vente.lignes.flatMap((l) => {
    const q = quantites[l.id] ?? 0;
    return q > 0 ? [{ ligneId: l.id, quantite: q }] : [];
  });
  const rembourse =
    mode === 'remboursement' &&
    repartitionRetour(montantTotal(vente.lignes, quantites), vente.reste).solde > 0;
  return {
    cleIdempotence: cle,
    lignes,
    mode,
    modeRemboursement: rembourse ? modeRemboursement : null,
    motif: motif.trim() || null,
  };
}
