import {
  DEVIS_SORTS,
  DEVIS_STATUTS,
  DEVIS_STATUT_LABELS,
  formatDate,
  formatMoney,
  type DevisListItem,
  type DevisPage,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Link, useNavigate } from 'react-router';
import { CardList } from '../../../components/list/CardList';
import { ListTotaux } from '../../../components/list/ListTotaux';
import { PageHeader } from '../../../components/PageHeader';
import { pagedCardsProps, pagedTableProps } from '../../../components/paged-table';
import { SearchBox } from '../../../components/SearchBox';
import { WithShop } from '../../../components/WithShop';
import { formatDay } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import type { ListSpec } from '../../../lib/list-params';
import { useCurrentShop } from '../../../lib/shop';
import { useClampedPage, useListParams } from '../../../lib/use-list-params';
import { useIsPhone } from '../../../lib/use-phone';
import { useDevisList } from '../api';
import { DevisStatutTag } from '../statut';

const LIST: ListSpec = { sorts: DEVIS_SORTS, filters: ['statut'] };
const STATUTS = DEVIS_STATUTS.map((value) => ({ value, label: DEVIS_STATUT_LABELS[value] }));

/** Totals of the whole filtered set (not just the page). */
function Totaux({ totaux, devise }: { totaux: DevisPage['totaux'] | undefined; devise: string }) {
  const items: [string, string][] = totaux
    ? [
        ['Devis', String(totaux.nombre)],
        ['Total HT', formatMoney(totaux.totalHt, devise)],
        ['Total TTC', formatMoney(totaux.totalTtc, devise)],
      ]
    : [];
  return <ListTotaux items={items} label="Totaux des devis filtrés" testId="devis-totaux-liste" />;
}

function DevisList({ serviceId }: { serviceId: number }) {
  const { devise, timeZone } = useCurrentShop();
  const navigate = useNavigate();
  const list = useListParams(LIST);
  const page = useDevisList(serviceId, list.query);
  const phone = useIsPhone();
  useClampedPage(list, page.data?.total);
  if (devise === null) return <p role="status">Chargement…</p>;
  const money = (v: number) => formatMoney(v, devise);
  const header = (
    <div className="flex flex-wrap gap-2 align-items-center">
      <SearchBox
        value={list.state.q}
        onSearch={list.setSearch}
        label="Rechercher un devis"
        placeholder="Numéro ou client"
      />
      <Dropdown
        inputId="devis-statut"
        value={list.state.filters['statut'] ?? null}
        options={STATUTS}
        onChange={(e) => list.setFilter('statut', (e.value as string | null) ?? null)}
        placeholder="Tous les statuts"
        aria-label="Statut"
        showClear
      />
    </div>
  );
  return (
    <div className="card-surface">
      <PageHeader title="Devis">
        <Button
          type="button"
          label="Nouveau devis"
          icon="pi pi-plus"
          onClick={() => void navigate('/pages/devis/add')}
        />
      </PageHeader>
      {page.isError && (
        <Message
          severity="error"
          text={errorMessage(page.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <Totaux totaux={page.data?.totaux} devise={devise} />
      {phone ? (
        <CardList
          value={page.data?.items ?? []}
          rowKey={(d) => d.id}
          label="Devis"
          emptyMessage="Aucun devis"
          loading={page.isFetching}
          header={header}
          paging={pagedCardsProps(list, page.data?.total ?? 0)}
          testId="devis-cards"
          card={(d) => ({
            title: <Link to={`/pages/devis/${d.id}`}>{d.numero ?? `Brouillon n° ${d.id}`}</Link>,
            amount: money(d.totalTtc),
            status: <DevisStatutTag statut={d.statut} />,
            details: [
              formatDate(d.createdAt, timeZone),
              d.client.nom,
              `Valable jusqu’au ${formatDay(d.dateValidite)}`,
              ...(d.vente ? [`Vente ${d.vente.numero}`] : []),
            ],
          })}
        />
      ) : (
        <DataTable
          value={page.data?.items ?? []}
          dataKey="id"
          loading={page.isFetching}
          header={header}
          emptyMessage="Aucun devis"
          stripedRows
          size="small"
          data-testid="devis-table"
          {...pagedTableProps(list, page.data?.total ?? 0)}
        >
          <Column
            header="Numéro"
            sortable
            field="numero"
            body={(d: DevisListItem) => (
              <Link to={`/pages/devis/${d.id}`}>{d.numero ?? `Brouillon n° ${d.id}`}</Link>
            )}
          />
          <Column
            header="Date"
            sortable
            sortField="created_at"
            field="createdAt"
            body={(d: DevisListItem) => formatDate(d.createdAt, timeZone)}
          />
          <Column header="Client" body={(d: DevisListItem) => d.client.nom} />
          <Column
            header="Valable jusqu’au"
            sortable
            sortField="date_validite"
            field="dateValidite"
            body={(d: DevisListItem) => formatDay(d.dateValidite)}
          />
          <Column
            header="Total TTC"
            sortable
            sortField="total_ttc"
            field="totalTtc"
            body={(d: DevisListItem) => money(d.totalTtc)}
            className="text-right white-space-nowrap"
          />
          <Column
            header="Statut"
            body={(d: DevisListItem) => <DevisStatutTag statut={d.statut} />}
          />
          <Column
            header="Vente"
            body={(d: DevisListItem) =>
              d.vente ? <Link to={`/pages/ventes-list/${d.vente.id}`}>{d.vente.numero}</Link> : '—'
            }
          />
        </DataTable>
      )}
    </div>
  );
}

/** /pages/devis (owner): the shop's quotes, by status (« Expiré » included), with their totals. */
export default function DevisListRoute() {
  return <WithShop>{(serviceId) => <DevisList key={serviceId} serviceId={serviceId} />}</WithShop>;
}
