import { monnaieARendre, type ModePaiement, type PaiementInput } from '@comptoir/shared';
import { addDaysIso, todayIso } from '../../lib/dates';

/** One payment as the cashier types it in the dialog. */
export interface PaymentDraft {
  key: number;
  mode: ModePaiement;
  /** Non-cash: the amount paid. Minor units. */
  montant: number | null;
  /** Cash: what the customer hands over. Minor units. */
  recu: number | null;
  operateur: string;
  reference: string;
}

export interface PaymentSummary {
  paiements: PaiementInput[];
  /** Applied to the sale. */
  paye: number;
  /** Left unpaid: becomes a debt. */
  reste: number;
  /** Change to give back (cash). */
  rendu: number;
  /** A French sentence when the payments cannot be sent as they are. */
  erreur: string | null;
}

/**
 * Spreads the payments over the total: non-cash amounts first (they cannot exceed what is due),
 * then cash against what is left — the cash handed over beyond it is change (monnaieARendre).
 */
export function resumePaiements(total: number, drafts: PaymentDraft[]): PaymentSummary {
  const paiements: PaiementInput[] = [];
  let du = total;
  let erreur: string | null = null;
  for (const d of drafts) {
    if (d.mode === 'especes' || !d.montant || d.montant <= 0) continue;
    if (d.montant > du) erreur = 'Les paiements dépassent le total de la vente.';
    const montant = Math.min(d.montant, du);
    if (d.mode === 'mobile_money' && !d.operateur.trim())
      erreur ??= "Indiquez l'opérateur de mobile money.";
    if (montant > 0)
      paiements.push({
        mode: d.mode,
        montant,
        recu: null,
        operateur: d.operateur.trim() || null,
        reference: d.reference.trim() || null,
      });
    du -= montant;
  }
  let rendu = 0;
  for (const d of drafts) {
    if (d.mode !== 'especes' || !d.recu || d.recu <= 0) continue;
    const cash = monnaieARendre(d.recu, du);
    rendu += cash.rendu;
    if (cash.applique > 0)
      paiements.push({
        mode: 'especes',
        montant: cash.applique,
        recu: d.recu,
        operateur: null,
        reference: null,
      });
    du -= cash.applique;
  }
  return { paiements, paye: total - du, reste: du, rendu, erreur };
}

/** 'YYYY-MM-DD' of today + `days` in local time (the default due date: 30 days). */
export function dayPlus(days: number, from = new Date()): string {
  return addDaysIso(todayIso(from), days);
}
