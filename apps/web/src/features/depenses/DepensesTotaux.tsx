import { formatMoney, type DepensePage } from '@comptoir/shared';

interface Props {
  totaux: DepensePage['totaux'] | undefined;
  devise: string;
}

const nb = (n: number) => `${n} ${n > 1 ? 'dépenses' : 'dépense'}`;

/** Totals of the whole filtered set: the period's, then each category's (largest first). */
export function DepensesTotaux({ totaux, devise }: Props) {
  if (!totaux) return null;
  const items: [string, string, string][] = [
    ['Total de la période', formatMoney(totaux.montant, devise), nb(totaux.nombre)],
    ...totaux.parCategorie.map(
      (g) =>
        [g.categorie.nom, formatMoney(g.montant, devise), nb(g.nombre)] as [string, string, string],
    ),
  ];
  return (
    <dl
      className="grid m-0 mb-3"
      aria-label="Totaux des dépenses filtrées"
      data-testid="depenses-totaux"
    >
      {items.map(([label, value, count]) => (
        <div key={label} className="col-6 md:col-3">
          <div className="surface-100 border-round p-2">
            <dt className="text-sm text-color-secondary">{label}</dt>
            <dd className="m-0 text-lg font-semibold white-space-nowrap">{value}</dd>
            <dd className="m-0 text-sm text-color-secondary">{count}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
