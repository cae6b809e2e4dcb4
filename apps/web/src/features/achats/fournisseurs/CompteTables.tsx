import {
  MODE_PAIEMENT_LABELS,
  formatDateTime,
  formatMoney,
  type AchatDu,
  type CompteFournisseur,
  type ReglementFournisseur,
  type RetourAchat,
} from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/dates';
import { AchatStatutTag } from '../liste/statut';

const RIGHT = 'text-right white-space-nowrap';

interface Props {
  compte: CompteFournisseur;
  devise: string;
  timeZone?: string | undefined;
}

/** A supplier's balance: owed, overdue, validated purchases. */
export function SoldeFournisseur({ compte, devise }: Props) {
  const items: [string, string, number, string][] = [
    ['solde', 'Solde dû', compte.solde, compte.solde > 0 ? 'text-orange-600' : ''],
    ['en-retard', 'En retard', compte.enRetard, compte.enRetard > 0 ? 'text-red-600' : ''],
    ['achats', `Achats validés (${compte.nombreAchats})`, compte.totalAchats, ''],
  ];
  return (
    <dl className="grid m-0 mb-3" aria-label="Solde du fournisseur" data-testid="solde-fournisseur">
      {items.map(([key, label, value, tone]) => (
        <div key={key} className="col-12 md:col-4">
          <div className="surface-100 border-round p-2 h-full">
            <dt className="text-sm text-color-secondary">{label}</dt>
            <dd
              className={`m-0 text-lg font-semibold white-space-nowrap ${tone}`}
              data-testid={`solde-fournisseur-${key}`}
            >
              {formatMoney(value, devise)}
            </dd>
          </div>
        </div>
      ))}
    </dl>
  );
}

export function AchatsDuTable({ compte, devise }: Props) {
  const money = (v: number) => formatMoney(v, devise);
  return (
    <DataTable
      value={compte.achats}
      dataKey="id"
      size="small"
      stripedRows
      emptyMessage="Aucun achat validé"
      data-testid="fournisseur-achats"
    >
      <Column
        header="Numéro"
        body={(a: AchatDu) => <Link to={`/pages/approvisionnements-list/${a.id}`}>{a.numero}</Link>}
      />
      <Column header="Date" body={(a: AchatDu) => formatDay(a.date)} />
      <Column
        header="Échéance"
        body={(a: AchatDu) =>
          a.echeance ? (
            <span className={a.enRetard ? 'text-red-600' : ''}>{formatDay(a.echeance)}</span>
          ) : (
            '—'
          )
        }
      />
      <Column header="Total" body={(a: AchatDu) => money(a.total)} className={RIGHT} />
      <Column header="Payé" body={(a: AchatDu) => money(a.montantPaye)} className={RIGHT} />
      <Column header="Retourné" body={(a: AchatDu) => money(a.montantRetourne)} className={RIGHT} />
      <Column header="Reste dû" body={(a: AchatDu) => money(a.reste)} className={RIGHT} />
      <Column header="Statut" body={(a: AchatDu) => <AchatStatutTag statut={a.statut} />} />
    </DataTable>
  );
}

export function ReglementsFournisseurTable({ compte, devise, timeZone }: Props) {
  return (
    <DataTable
      value={compte.reglements}
      dataKey="id"
      size="small"
      emptyMessage="Aucun paiement"
      data-testid="fournisseur-reglements"
    >
      <Column
        header="Date"
        body={(r: ReglementFournisseur) => formatDateTime(r.createdAt, timeZone)}
      />
      <Column
        header="Mode"
        body={(r: ReglementFournisseur) =>
          [MODE_PAIEMENT_LABELS[r.mode], r.operateur, r.reference].filter(Boolean).join(' · ')
        }
      />
      <Column
        header="Achats réglés"
        body={(r: ReglementFournisseur) => r.allocations.map((a) => a.achatNumero).join(', ')}
      />
      <Column
        header="Montant"
        body={(r: ReglementFournisseur) => formatMoney(r.montant, devise)}
        className={RIGHT}
      />
    </DataTable>
  );
}

export function RetoursFournisseurTable({ compte, devise, timeZone }: Props) {
  return (
    <DataTable
      value={compte.retours}
      dataKey="id"
      size="small"
      emptyMessage="Aucun retour"
      data-testid="fournisseur-retours"
    >
      <Column header="Numéro" field="numero" />
      <Column header="Date" body={(r: RetourAchat) => formatDateTime(r.createdAt, timeZone)} />
      <Column
        header="Achat"
        body={(r: RetourAchat) => (
          <Link to={`/pages/approvisionnements-list/${r.achat.id}`}>{r.achat.numero}</Link>
        )}
      />
      <Column
        header="Montant"
        body={(r: RetourAchat) => formatMoney(r.montant, devise)}
        className={RIGHT}
      />
      <Column
        header="Remboursé"
        body={(r: RetourAchat) => formatMoney(r.rembourse, devise)}
        className={RIGHT}
      />
    </DataTable>
  );
}
