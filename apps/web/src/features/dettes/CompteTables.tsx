import {
  MODE_PAIEMENT_LABELS,
  formatDate,
  formatDateTime,
  formatMoney,
  type Dette,
  type Reglement,
} from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { formatDay } from '../../lib/dates';
import { DetteStatutTag } from '../ventes';
import { useCurrentShop } from '../../lib/shop';

/** A customer's debts: sale (link), date, due date, amount, paid, rest, status. */
export function DettesClientTable({ dettes, devise }: { dettes: Dette[]; devise: string }) {
  const { timeZone } = useCurrentShop();
  const money = (v: number) => formatMoney(v, devise);
  return (
    <DataTable
      value={dettes}
      dataKey="id"
      size="small"
      stripedRows
      emptyMessage="Aucune dette"
      data-testid="dettes-client"
    >
      <Column
        header="Vente"
        body={(d: Dette) => <Link to={`/pages/ventes-list/${d.vente.id}`}>{d.vente.numero}</Link>}
      />
      <Column header="Date" body={(d: Dette) => formatDate(d.vente.createdAt, timeZone)} />
      <Column header="Échéance" body={(d: Dette) => formatDay(d.echeance)} />
      <Column
        header="Montant"
        body={(d: Dette) => money(d.montant)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Payé"
        body={(d: Dette) => money(d.paye)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Reste"
        body={(d: Dette) => money(d.reste)}
        className="text-right white-space-nowrap"
      />
      <Column header="Statut" body={(d: Dette) => <DetteStatutTag statut={d.statut} />} />
    </DataTable>
  );
}

const modeLabel = (r: Reglement) =>
  r.mode === 'avoir'
    ? `Avoir${r.retour ? ` (retour ${r.retour.numero})` : ''}`
    : MODE_PAIEMENT_LABELS[r.mode];

/** Repayments and credits of returns, newest first, with the debts each one settled. */
export function ReglementsTable({
  reglements,
  devise,
}: {
  reglements: Reglement[];
  devise: string;
}) {
  const { timeZone } = useCurrentShop();
  const money = (v: number) => formatMoney(v, devise);
  return (
    <DataTable
      value={reglements}
      dataKey="id"
      size="small"
      stripedRows
      emptyMessage="Aucun règlement"
      data-testid="reglements-client"
    >
      <Column header="Date" body={(r: Reglement) => formatDateTime(r.createdAt, timeZone)} />
      <Column header="Mode" body={modeLabel} />
      <Column
        header="Opérateur ou référence"
        body={(r: Reglement) => [r.operateur, r.reference].filter(Boolean).join(' — ') || '—'}
      />
      <Column
        header="Montant"
        body={(r: Reglement) => money(r.montant)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Imputé sur"
        body={(r: Reglement) =>
          r.allocations.length === 0
            ? 'Non imputé (avoir disponible)'
            : r.allocations.map((a) => `${a.venteNumero} : ${money(a.montant)}`).join(' ; ')
        }
      />
      <Column header="Par" body={(r: Reglement) => `${r.user.prenom} ${r.user.nom}`} />
    </DataTable>
  );
}
