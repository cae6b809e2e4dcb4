import {
  MODE_PAIEMENT_LABELS,
  formatMoney,
  type Paiement,
  type ServiceDetail,
  type Vente,
} from '@comptoir/shared';

/** What a receipt needs of its shop (GET /api/services/:id); `pays` gives its clock (shopTimeZone). */
export type ReceiptShop = Pick<
  ServiceDetail,
  | 'nom'
  | 'adresse'
  | 'ville'
  | 'pays'
  | 'telephone'
  | 'enteteTicket'
  | 'piedTicket'
  | 'siret'
  | 'tvaIntracom'
  | 'ninea'
  | 'rccm'
  | 'assujettiTva'
>;

/** Paper width in millimetres. */
export type ReceiptWidth = '80' | '58';

/** The shop's legal identifiers, one per line ("NINEA : 005123456"). */
export function legalIds(shop: ReceiptShop): string[] {
  const ids: [string, string | null][] = [
    ['NINEA', shop.ninea],
    ['RCCM', shop.rccm],
    ['SIRET', shop.siret],
    ['TVA intracom.', shop.tvaIntracom],
  ];
  return ids.filter(([, v]) => v).map(([k, v]) => `${k} : ${v}`);
}

/** "2026-12-21" → "21/12/2026" (a calendar day, no time zone involved). */
export function formatDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** "Mobile money (Wave, réf. TX42)". */
export function paymentLabel(p: Pick<Paiement, 'mode' | 'operateur' | 'reference'>): string {
  const extra = [p.operateur, p.reference ? `réf. ${p.reference}` : null]
    .filter(Boolean)
    .join(', ');
  return extra ? `${MODE_PAIEMENT_LABELS[p.mode]} (${extra})` : MODE_PAIEMENT_LABELS[p.mode];
}

/** "18 %", "5,5 %" from basis points. */
export const formatRate = (bp: number): string =>
  `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })}\u00A0%`;

/** A discount as the receipt names it: "-10 %" or "-500 FCFA". */
export function discountText(
  remise: Vente['remiseGlobale'],
  amount: number,
  devise: string,
): string {
  if (remise?.type === 'pourcent')
    return `Remise ${formatRate(remise.valeur)} : -${formatMoney(amount, devise)}`;
  return `Remise : -${formatMoney(amount, devise)}`;
}

/** Cash handed over and change, summed over the cash payments. */
export function cashSummary(
  vente: Pick<Vente, 'paiements'>,
): { recu: number; rendu: number } | null {
  const cash = vente.paiements.filter((p) => p.mode === 'especes');
  if (cash.length === 0) return null;
  return {
    recu: cash.reduce((s, p) => s + (p.recu ?? p.montant), 0),
    rendu: cash.reduce((s, p) => s + p.rendu, 0),
  };
}
