import { formatMoney, type AchatPage } from '@comptoir/shared';

interface Props {
  totaux: AchatPage['totaux'] | undefined;
  devise: string;
}

/** Totals of the whole filtered set of purchases (not just the page), above the table. */
export function AchatsTotaux({ totaux, devise }: Props) {
  const items: [string, string][] = totaux
    ? [
        ['Achats', String(totaux.nombre)],
        ['Total', formatMoney(totaux.total, devise)],
        ['Payé', formatMoney(totaux.montantPaye, devise)],
        ['Retourné', formatMoney(totaux.montantRetourne, devise)],
        ['Reste dû', formatMoney(totaux.reste, devise)],
      ]
    : [];
  return (
    <dl
      className="grid m-0 mb-3"
      aria-label="Totaux des achats filtrés"
      data-testid="achats-totaux"
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
