import { formatDateTime, formatMoney, type VenteListItem, type VentePage } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardList } from '../../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../../components/paged-table';
import { useIsPhone } from '../../../lib/use-phone';
import type { useListParams } from '../../../lib/use-list-params';
import { VenteStatutTag } from './statut';

interface Props {
  page: VentePage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  devise: string;
  /** The shop's time zone; the device's when absent. */
  timeZone?: string | undefined;
  header: ReactNode;
}

/** A page of the shop's sales, server-paged and sorted, newest first by default. */
export function VentesTable({ page, loading, list, devise, timeZone, header }: Props) {
  const money = (value: number) => formatMoney(value, devise);
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(v) => v.id}
        label="Ventes"
        emptyMessage="Aucune vente"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="ventes-cards"
        card={(v) => ({
          title: <Link to={`/pages/ventes-list/${v.id}`}>{v.numero}</Link>,
          amount: money(v.totalTtc),
          status: <VenteStatutTag statut={v.statut} />,
          details: [
            formatDateTime(v.createdAt, timeZone),
            v.client?.nom ?? 'Sans client',
            ...(v.reste > 0 ? [`Reste : ${money(v.reste)}`] : []),
          ],
        })}
      />
    );
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      loading={loading}
      header={header}
      emptyMessage="Aucune vente"
      stripedRows
      size="small"
      data-testid="ventes-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column
        header="Numéro"
        sortable
        field="numero"
        body={(v: VenteListItem) => <Link to={`/pages/ventes-list/${v.id}`}>{v.numero}</Link>}
      />
      <Column
        header="Date"
        sortable
        sortField="created_at"
        field="createdAt"
        body={(v: VenteListItem) => formatDateTime(v.createdAt, timeZone)}
        className="white-space-nowrap"
      />
      <Column header="Client" body={(v: VenteListItem) => v.client?.nom ?? '—'} />
      <Column
        header="Vendeur"
        body={(v: VenteListItem) => `${v.vendeur.prenom} ${v.vendeur.nom}`}
      />
      <Column
        header="Total"
        sortable
        sortField="total_ttc"
        field="totalTtc"
        body={(v: VenteListItem) => money(v.totalTtc)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Payé"
        body={(v: VenteListItem) => money(v.montantPaye)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Reste"
        body={(v: VenteListItem) => money(v.reste)}
        className="text-right white-space-nowrap"
      />
      <Column header="Statut" body={(v: VenteListItem) => <VenteStatutTag statut={v.statut} />} />
    </DataTable>
  );
}
