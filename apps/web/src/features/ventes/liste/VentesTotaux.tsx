import { formatMoney, type VentePage } from '@comptoir/shared';

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
  return (
    <dl
      className="grid m-0 mb-3"
      aria-label="Totaux des ventes filtrées"
      data-testid="ventes-totaux"
    >
      {items.map(([label, value]) => (
        <div key={label} className="col-6 md:col">
          <div className="surface-100 border-round p-2">
            <dt className="text-sm text-color-secondary">{label}</dt>
            <dd className="m-0 text-lg font-semibold white-space-nowrap">{value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
