import { formatMoney, type VenteCalculee } from '@comptoir/shared';

interface Props {
  totaux: Pick<VenteCalculee, 'totalBrut' | 'totalRemises' | 'totalHt' | 'totalTva' | 'totalTtc'>;
  devise: string;
}

/** A quote's figures: gross, discounts, HT, VAT, TTC (the entry screen and the detail alike). */
export function DevisTotaux({ totaux, devise }: Props) {
  const rows: [string, number][] = [
    ['Total brut', totaux.totalBrut],
    ...(totaux.totalRemises > 0 ? [['Remises', -totaux.totalRemises] as [string, number]] : []),
    ['Total HT', totaux.totalHt],
    ['TVA', totaux.totalTva],
    ['Total TTC', totaux.totalTtc],
  ];
  return (
    <dl
      className="m-0"
      style={{ minWidth: '16rem' }}
      aria-label="Totaux"
      data-testid="devis-totaux"
    >
      {rows.map(([label, value]) => (
        <div
          key={label}
          className={`flex justify-content-between gap-3 ${label === 'Total TTC' ? 'font-bold' : ''}`}
        >
          <dt>{label}</dt>
          <dd className="m-0 white-space-nowrap" data-testid={`total-${label}`}>
            {formatMoney(value, devise)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
