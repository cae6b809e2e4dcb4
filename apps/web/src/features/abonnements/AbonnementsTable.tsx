import {
  PAYMENT_MODE_LABELS,
  formatMoney,
  type Abonnement,
  type AbonnementPage,
  deNom,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import { formatDay } from '../../lib/dates';
import { useIsPhone } from '../../lib/use-phone';
import type { useListParams } from '../../lib/use-list-params';
import { statusTag } from './status';

interface Props {
  page: AbonnementPage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  header: ReactNode;
  onEdit: (a: Abonnement) => void;
  onRenew: (a: Abonnement) => void;
  onSuspend: (a: Abonnement) => void;
}

const ownerCell = (a: Abonnement) => (
  <span>
    {a.owner.prenom} {a.owner.nom}
    <small className="block text-color-secondary">{a.owner.email}</small>
  </span>
);
const planCell = (a: Abonnement) => (
  <span className="flex flex-wrap align-items-center gap-2">
    {a.plan.nom}
    {a.plan.retire && <Tag value="Retirée" severity="secondary" />}
  </span>
);
const paymentCell = (a: Abonnement) => (
  <span>
    {PAYMENT_MODE_LABELS[a.modePaiement]}
    {a.reference && <small className="block text-color-secondary">{a.reference}</small>}
  </span>
);
const nameOf = (a: Abonnement) => `${a.owner.prenom} ${a.owner.nom}`;

/** A page of subscriptions, server-paged and sorted. */
export function AbonnementsTable({
  page,
  loading,
  list,
  header,
  onEdit,
  onRenew,
  onSuspend,
}: Props) {
  const actions = (a: Abonnement) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier l'abonnement ${deNom(nameOf(a))}`}
        onClick={() => onEdit(a)}
      />
      <Button
        type="button"
        icon="pi pi-replay"
        rounded
        text
        aria-label={`Renouveler l'abonnement ${deNom(nameOf(a))}`}
        onClick={() => onRenew(a)}
      />
      <Button
        type="button"
        icon={a.suspendu ? 'pi pi-play' : 'pi pi-pause'}
        rounded
        text
        severity={a.suspendu ? 'success' : 'warning'}
        aria-label={`${a.suspendu ? 'Réactiver' : 'Suspendre'} l'abonnement ${deNom(nameOf(a))}`}
        onClick={() => onSuspend(a)}
      />
    </div>
  );
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(a) => a.id}
        label="Abonnements"
        emptyMessage="Aucun abonnement"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="abonnements-cards"
        card={(a) => ({
          title: ownerCell(a),
          amount: formatMoney(a.montantPaye, a.devise),
          status: <Tag {...statusTag(a.statut)} />,
          details: [
            planCell(a),
            `Du ${formatDay(a.dateDebut)} au ${formatDay(a.dateFin)}`,
            paymentCell(a),
          ],
          actions: actions(a),
        })}
      />
    );
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      loading={loading}
      header={header}
      emptyMessage="Aucun abonnement"
      stripedRows
      size="small"
      data-testid="abonnements-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column header="Propriétaire" body={ownerCell} />
      <Column header="Formule" body={planCell} />
      <Column
        header="Du"
        sortable
        field="date_debut"
        body={(a: Abonnement) => formatDay(a.dateDebut)}
      />
      <Column
        header="Au"
        sortable
        field="date_fin"
        body={(a: Abonnement) => formatDay(a.dateFin)}
      />
      <Column
        header="Montant payé"
        body={(a: Abonnement) => formatMoney(a.montantPaye, a.devise)}
      />
      <Column header="Paiement" body={paymentCell} />
      <Column header="Statut" body={(a: Abonnement) => <Tag {...statusTag(a.statut)} />} />
      <Column header="Actions" body={actions} />
    </DataTable>
  );
}
