import { formatMoney, type Plan, type PlanPage } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { pagedTableProps } from '../../components/paged-table';
import type { useListParams } from '../../lib/use-list-params';

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
