import { formatMoney, type VenteCalculee } from '@comptoir/shared';
import type { ReactNode } from 'react';

interface Props {
  totaux: Pick<VenteCalculee, 'totalBrut' | 'totalRemises' | 'totalHt' | 'totalTva' | 'totalTtc'>;
  devise: string;
  testId: string;
  /** Figures after the total TTC (a sale: paid, rest to pay). */
  suivants?: ReadonlyArray<readonly [string, number]>;
  /** The labels written in bold. */
  gras?: readonly string[];
  /** Rows after the figures (a sale: the change to give). */
  children?: ReactNode;
}

/**
 * The figures of a commercial document (sale, quote), as the shared computation gives them:
 * gross, discounts when any, HT, VAT, TTC, then the document's own figures. Each value carries
 * `data-testid="total-<label>"`.
 */
export function DocumentTotaux({
  totaux,
  devise,
  testId,
  suivants = [],
  gras = ['Total TTC'],
  children,
}: Props) {
  const rows: (readonly [string, number])[] = [
    ['Total brut', totaux.totalBrut],
    ...(totaux.totalRemises > 0 ? [['Remises', -totaux.totalRemises] as const] : []),
    ['Total HT', totaux.totalHt],
    ['TVA', totaux.totalTva],
    ['Total TTC', totaux.totalTtc],
    ...suivants,
  ];
  return (
    <dl className="m-0" style={{ minWidth: '16rem' }} aria-label="Totaux" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div
          key={label}
          className={`flex justify-content-between gap-3 ${gras.includes(label) ? 'font-bold' : ''}`}
        >
          <dt>{label}</dt>
          <dd className="m-0 white-space-nowrap" data-testid={`total-${label}`}>
            {formatMoney(value, devise)}
          </dd>
        </div>
      ))}
      {children}
    </dl>
  );
}
