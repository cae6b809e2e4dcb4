import { formatMoney, type AchatListItem, type AchatPage } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardList } from '../../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../../components/paged-table';
import { formatDay } from '../../../lib/dates';
import type { useListParams } from '../../../lib/use-list-params';
import { useIsPhone } from '../../../lib/use-phone';
import { AchatStatutTag } from './statut';

interface Props {
  page: AchatPage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  devise: string;
  header: ReactNode;
}

const lien = (a: AchatListItem) => (
  <Link to={`/pages/approvisionnements-list/${a.id}`}>{a.numero ?? 'Brouillon'}</Link>
);

/**
 * A page of the shop's purchases, server-paged and sorted, newest first by default; on a phone,
 * cards (number, total, status, then date, supplier, reference and what remains).
 */
export function AchatsTable({ page, loading, list, devise, header }: Props) {
  const money = (value: number) => formatMoney(value, devise);
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(a) => a.id}
        label="Achats"
        emptyMessage="Aucun achat"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="achats-cards"
        card={(a) => ({
          title: lien(a),
          amount: money(a.total),
          status: <AchatStatutTag statut={a.statut} />,
          details: [
            formatDay(a.date),
            a.fournisseur.nom,
            ...(a.referenceFournisseur ? [`Réf. ${a.referenceFournisseur}`] : []),
            ...(a.reste > 0 ? [`Reste dû\u00A0: ${money(a.reste)}`] : []),
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
      emptyMessage="Aucun achat"
      stripedRows
      size="small"
      data-testid="achats-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column header="Numéro" sortable field="numero" body={lien} />
      <Column
        header="Date"
        sortable
        field="date"
        body={(a: AchatListItem) => formatDay(a.date)}
        className="white-space-nowrap"
      />
      <Column header="Fournisseur" body={(a: AchatListItem) => a.fournisseur.nom} />
      <Column header="Référence" body={(a: AchatListItem) => a.referenceFournisseur ?? '—'} />
      <Column
        header="Total"
        sortable
        field="total"
        body={(a: AchatListItem) => money(a.total)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Payé"
        body={(a: AchatListItem) => money(a.montantPaye)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Reste dû"
        body={(a: AchatListItem) => money(a.reste)}
        className="text-right white-space-nowrap"
      />
      <Column header="Statut" body={(a: AchatListItem) => <AchatStatutTag statut={a.statut} />} />
    </DataTable>
  );
}
