import {
  MODE_PAIEMENT_LABELS,
  MODES_PAIEMENT,
  formatMoney,
  type ModePaiement,
  type VentePage,
} from '@comptoir/shared';
import { ListTotaux } from '../../../components/list/ListTotaux';

interface Props {
  totaux: VentePage['totaux'] | undefined;
  devise: string;
  /** The list's mode and operator filters: what « Payé (…) » is about. */
  mode?: string | undefined;
  operateur?: string | undefined;
}

/** « Mobile money · Orange », « Espèces », « Orange » (operator alone). */
function paidIn(mode: string | undefined, operateur: string | undefined): string {
  const m = (MODES_PAIEMENT as readonly string[]).includes(mode ?? '')
    ? MODE_PAIEMENT_LABELS[mode as ModePaiement]
    : null;
  return [m, operateur].filter(Boolean).join(' · ');
}

/**
 * Totals of the whole filtered set (not just the page), above the table; with a mode filter, also
 * what those sales were paid in that mode only (a mixed sale's other payments left out).
 */
export function VentesTotaux({ totaux, devise, mode, operateur }: Props) {
  const items: [string, string][] = totaux
    ? [
        ['Ventes', String(totaux.nombre)],
        ['Total TTC', formatMoney(totaux.totalTtc, devise)],
        ['Payé', formatMoney(totaux.montantPaye, devise)],
        ...(totaux.montantMode !== null
          ? [
              [`Payé (${paidIn(mode, operateur)})`, formatMoney(totaux.montantMode, devise)] as [
                string,
                string,
              ],
            ]
          : []),
        ['Retourné', formatMoney(totaux.montantRetourne, devise)],
        ['Reste à payer', formatMoney(totaux.reste, devise)],
      ]
    : [];
  return <ListTotaux items={items} label="Totaux des ventes filtrées" testId="ventes-totaux" />;
}
