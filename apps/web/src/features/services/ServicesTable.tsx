import { type ServiceListItem, type ServicePage } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import { useIsPhone } from '../../lib/use-phone';
import type { useListParams } from '../../lib/use-list-params';
import { countryName } from './countries';

interface Props {
  page: ServicePage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  /** Administrator: owner column, view and disable; otherwise the owner: edit. */
  admin: boolean;
  header: ReactNode;
  onOpen: (shop: ServiceListItem) => void;
  onToggle: (shop: ServiceListItem) => void;
}

const nameCell = (s: ServiceListItem) => (
  <span className="flex align-items-center gap-2">
    {s.logo ? (
      <img src={s.logo} alt="" width={28} height={28} style={{ objectFit: 'contain' }} />
    ) : (
      <i className="pi pi-shop text-color-secondary" aria-hidden="true" />
    )}
    {s.nom}
  </span>
);
const countryCell = (s: ServiceListItem) => (s.pays ? countryName(s.pays) : '—');
const ownerCell = (s: ServiceListItem) => `${s.owner.prenom} ${s.owner.nom}`;
const statusCell = (s: ServiceListItem) =>
  s.active ? (
    <Tag value="Active" severity="success" />
  ) : (
    <Tag value="Désactivée" severity="danger" />
  );

/** A page of shops, server-paged and sorted. */
export function ServicesTable({ page, loading, list, admin, header, onOpen, onToggle }: Props) {
  const actions = (s: ServiceListItem) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon={admin ? 'pi pi-eye' : 'pi pi-pencil'}
        rounded
        text
        aria-label={`${admin ? 'Voir' : 'Modifier'} ${s.nom}`}
        onClick={() => onOpen(s)}
      />
      {admin &&
        (s.active ? (
          <Button
            type="button"
            icon="pi pi-ban"
            rounded
            text
            severity="danger"
            aria-label={`Désactiver ${s.nom}`}
            onClick={() => onToggle(s)}
          />
        ) : (
          <Button
            type="button"
            icon="pi pi-check-circle"
            rounded
            text
            severity="success"
            aria-label={`Activer ${s.nom}`}
            onClick={() => onToggle(s)}
          />
        ))}
    </div>
  );
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(s) => s.id}
        label="Boutiques"
        emptyMessage="Aucune boutique"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="services-cards"
        card={(s) => ({
          title: nameCell(s),
          status: statusCell(s),
          details: [s.ville ?? '', s.devise, admin ? ownerCell(s) : ''].filter(Boolean),
          actions: actions(s),
        })}
      />
    );
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      loading={loading}
      header={header}
      emptyMessage="Aucune boutique"
      stripedRows
      size="small"
      data-testid="services-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column header="Nom" sortable field="nom" body={nameCell} />
      <Column header="Ville" sortable field="ville" body={(s: ServiceListItem) => s.ville ?? '—'} />
      <Column header="Pays" body={countryCell} />
      <Column header="Devise" sortable field="devise" />
      {admin && <Column header="Propriétaire" body={ownerCell} />}
      <Column header="Statut" body={statusCell} />
      <Column header="Actions" body={actions} />
    </DataTable>
  );
}
