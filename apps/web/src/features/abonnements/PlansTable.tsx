import { formatMoney, type Plan, type PlanPage } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import type { useListParams } from '../../lib/use-list-params';
import { useIsPhone } from '../../lib/use-phone';

interface Props {
  page: PlanPage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  header: ReactNode;
  onEdit: (plan: Plan) => void;
  onRetire: (plan: Plan) => void;
}

const nameCell = (p: Plan) => (
  <span className="flex flex-wrap align-items-center gap-2">
    {p.nom}
    {p.retire && <Tag value="Retirée" severity="secondary" />}
  </span>
);

/** A page of plans, server-paged and sorted. */
export function PlansTable({ page, loading, list, header, onEdit, onRetire }: Props) {
  const actions = (p: Plan) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier ${p.nom}`}
        onClick={() => onEdit(p)}
      />
      {!p.retire && (
        <Button
          type="button"
          icon="pi pi-eye-slash"
          rounded
          text
          severity="danger"
          aria-label={`Retirer ${p.nom}`}
          onClick={() => onRetire(p)}
        />
      )}
    </div>
  );
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(p) => p.id}
        label="Formules"
        emptyMessage="Aucune formule"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="plans-cards"
        card={(p) => ({
          title: nameCell(p),
          amount: formatMoney(p.prix, p.devise),
          details: [
            `${p.dureeMois} mois`,
            `${p.maxServices} boutique${p.maxServices > 1 ? 's' : ''} et ${p.maxUsers} utilisateur${p.maxUsers > 1 ? 's' : ''} au plus`,
            `${p.abonnements} abonnement${p.abonnements > 1 ? 's' : ''}`,
          ],
          actions: actions(p),
        })}
      />
    );
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      loading={loading}
      header={header}
      emptyMessage="Aucune formule"
      stripedRows
      size="small"
      data-testid="plans-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column header="Nom" sortable field="nom" body={nameCell} />
      <Column
        header="Durée"
        sortable
        field="duree_mois"
        body={(p: Plan) => `${p.dureeMois} mois`}
      />
      <Column
        header="Prix"
        sortable
        field="prix"
        body={(p: Plan) => formatMoney(p.prix, p.devise)}
      />
      <Column header="Boutiques au plus" body={(p: Plan) => p.maxServices} />
      <Column header="Utilisateurs au plus" body={(p: Plan) => p.maxUsers} />
      <Column header="Abonnements" body={(p: Plan) => p.abonnements} />
      <Column header="Actions" body={actions} />
    </DataTable>
  );
}
