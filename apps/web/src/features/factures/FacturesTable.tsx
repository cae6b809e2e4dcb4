import { formatDate, formatMoney, type FactureListItem, type FacturePage } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import type { useListParams } from '../../lib/use-list-params';
import { useIsPhone } from '../../lib/use-phone';
import { FactureStatutTags } from './statut';

interface Props {
  page: FacturePage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  devise: string;
  timeZone?: string | undefined;
  header: ReactNode;
}

const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');

/**
 * A page of the shop's invoices, server-paged and sorted, newest first by default; on a phone,
 * cards (number, total TTC, status, then date, customer, due date and what remains).
 */
export function FacturesTable({ page, loading, list, devise, timeZone, header }: Props) {
  const money = (value: number) => formatMoney(value, devise);
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(f) => f.id}
        label="Factures"
        emptyMessage="Aucune facture"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="factures-cards"
        card={(f) => ({
          title: <Link to={`/pages/factures/${f.id}`}>{f.numero}</Link>,
          amount: money(f.totalTtc),
          status: <FactureStatutTags statut={f.statut} credit={f.credit} />,
          details: [
            formatDate(f.createdAt, timeZone),
            f.client.nom,
            `Échéance : ${day(f.echeance)}`,
            ...(f.reste > 0 ? [`Reste : ${money(f.reste)}`] : []),
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
      emptyMessage="Aucune facture"
      stripedRows
      size="small"
      data-testid="factures-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column
        header="Numéro"
        sortable
        field="numero"
        body={(f: FactureListItem) => <Link to={`/pages/factures/${f.id}`}>{f.numero}</Link>}
      />
      <Column
        header="Date"
        sortable
        sortField="created_at"
        field="createdAt"
        body={(f: FactureListItem) => formatDate(f.createdAt, timeZone)}
      />
      <Column header="Client" body={(f: FactureListItem) => f.client.nom} />
      <Column
        header="Échéance"
        sortable
        field="echeance"
        body={(f: FactureListItem) => day(f.echeance)}
      />
      <Column
        header="Total TTC"
        sortable
        sortField="total_ttc"
        field="totalTtc"
        body={(f: FactureListItem) => money(f.totalTtc)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Avoirs"
        body={(f: FactureListItem) => (f.montantAvoirs ? money(f.montantAvoirs) : '')}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Reste"
        body={(f: FactureListItem) => money(f.reste)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Statut"
        body={(f: FactureListItem) => <FactureStatutTags statut={f.statut} credit={f.credit} />}
      />
    </DataTable>
  );
}
