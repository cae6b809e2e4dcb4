import { formatMoney, type CompteClient } from '@comptoir/shared';

interface Props {
  compte: CompteClient;
  devise: string;
}

/** A customer's balance: outstanding, overdue, credit from returns and total purchases. */
export function CompteSolde({ compte, devise }: Props) {
  const items: [string, string, number, string][] = [
    ['encours', 'Encours', compte.encours, compte.encours > 0 ? 'text-orange-600' : ''],
    ['en-retard', 'En retard', compte.enRetard, compte.enRetard > 0 ? 'text-red-600' : ''],
    ['avoir', 'Avoir', compte.avoir, ''],
    [
      'achats',
      `Total des achats (${compte.nombreVentes} vente${compte.nombreVentes > 1 ? 's' : ''})`,
      compte.totalAchats,
      '',
    ],
  ];
  return (
    <dl className="grid m-0 mb-3" aria-label="Solde du client" data-testid="compte-solde">
      {items.map(([key, label, value, tone]) => (
        <div key={key} className="col-6 md:col-3">
          <div className="surface-100 border-round p-2 h-full">
            <dt className="text-sm text-color-secondary">{label}</dt>
            <dd
              className={`m-0 text-lg font-semibold white-space-nowrap ${tone}`}
              data-testid={`solde-${key}`}
            >
              {formatMoney(value, devise)}
            </dd>
          </div>
        </div>
      ))}
      {compte.client.plafondCredit !== null && (
        <p className="col-12 m-0 text-sm text-color-secondary">{`Plafond de crédit : ${formatMoney(compte.client.plafondCredit, devise)}`}</p>
      )}
    </dl>
  );
}
