import {
  MODE_PAIEMENT_LABELS,
  formatMoney,
  type DepenseListItem,
  type DepensePage,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import { formatDay } from '../../lib/dates';
import type { useListParams } from '../../lib/use-list-params';
import { useIsPhone } from '../../lib/use-phone';

interface Props {
  page: DepensePage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  devise: string;
  header: ReactNode;
  /** Opens an expense's detail. */
  onShow: (id: number) => void;
}

const justificatif = (d: DepenseListItem) =>
  d.justificatif ? (d.justificatif.type === 'pdf' ? 'PDF' : 'Photo') : '—';

/**
 * A page of the shop's expenses, server-paged and sorted; on a phone, cards (label, amount, then
 * date, category, mode and receipt): nothing scrolls sideways at 360 px.
 */
export function DepensesTable({ page, loading, list, devise, header, onShow }: Props) {
  const money = (value: number) => formatMoney(value, devise);
  const phone = useIsPhone();
  const libelle = (d: DepenseListItem) => (
    <Button
      type="button"
      link
      className="p-0 text-left"
      label={d.libelle}
      onClick={() => onShow(d.id)}
    />
  );
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(d) => d.id}
        label="Dépenses"
        emptyMessage="Aucune dépense"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="depenses-cards"
        card={(d) => ({
          title: libelle(d),
          amount: money(d.montant),
          details: [
            formatDay(d.date),
            d.categorie.nom,
            MODE_PAIEMENT_LABELS[d.mode],
            ...(d.justificatif ? [`Justificatif : ${justificatif(d)}`] : []),
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
      emptyMessage="Aucune dépense"
      stripedRows
      size="small"
      data-testid="depenses-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column
        header="Date"
        sortable
        field="date"
        body={(d: DepenseListItem) => formatDay(d.date)}
      />
      <Column header="Catégorie" body={(d: DepenseListItem) => d.categorie.nom} />
      <Column header="Libellé" body={libelle} />
      <Column
        header="Montant"
        sortable
        field="montant"
        body={(d: DepenseListItem) => money(d.montant)}
        className="text-right white-space-nowrap"
      />
      <Column header="Mode" body={(d: DepenseListItem) => MODE_PAIEMENT_LABELS[d.mode]} />
      <Column header="Justificatif" body={justificatif} />
    </DataTable>
  );
}
