import { formatMoney, type ResumePaiements, type VenteCalculee } from '@comptoir/shared';

interface Props {
  totaux: VenteCalculee;
  resume: ResumePaiements;
  devise: string;
}

/** The figures of the back-office sale: gross, discounts, HT, VAT, TTC, paid, rest, change. */
export function SaisieTotaux({ totaux, resume, devise }: Props) {
  const money = (v: number) => formatMoney(v, devise);
  const rows: [string, number][] = [
    ['Total brut', totaux.totalBrut],
    ...(totaux.totalRemises > 0 ? [['Remises', -totaux.totalRemises] as [string, number]] : []),
    ['Total HT', totaux.totalHt],
    ['TVA', totaux.totalTva],
    ['Total TTC', totaux.totalTtc],
    ['Payé', resume.paye],
    ['Reste à payer', resume.reste],
  ];
  return (
    <dl
      className="m-0"
      style={{ minWidth: '16rem' }}
      aria-label="Totaux"
      data-testid="vente-totaux"
    >
      {rows.map(([label, value]) => (
        <div
          key={label}
          className={`flex justify-content-between gap-3 ${label === 'Total TTC' || label === 'Reste à payer' ? 'font-bold' : ''}`}
        >
          <dt>{label}</dt>
          <dd className="m-0 white-space-nowrap" data-testid={`total-${label}`}>
            {money(value)}
          </dd>
        </div>
      ))}
      {resume.rendu > 0 && (
        <div className="flex justify-content-between gap-3">
          <dt>Monnaie à rendre</dt>
          <dd className="m-0 white-space-nowrap">{money(resume.rendu)}</dd>
        </div>
      )}
    </dl>
  );
}
