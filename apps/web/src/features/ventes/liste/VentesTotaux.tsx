import { formatMoney, type VentePage } from '@comptoir/shared';
import { ListTotaux } from '../../../components/list/ListTotaux';

interface Props {
  totaux: VentePage['totaux'] | undefined;
  devise: string;
}

/** Totals of the whole filtered set (not just the page), above the table. */
export function VentesTotaux({ totaux, devise }: Props) {
  const items: [string, string][] = totaux
    ? [
        ['Ventes', String(totaux.nombre)],
        ['Total TTC', formatMoney(totaux.totalTtc, devise)],
        ['Payé', formatMoney(totaux.montantPaye, devise)],
        ['Retourné', formatMoney(totaux.montantRetourne, devise)],
        ['Reste à payer', formatMoney(totaux.reste, devise)],
      ]
    : [];
  return <ListTotaux items={items} label="Totaux des ventes filtrées" testId="ventes-totaux" />;
}
