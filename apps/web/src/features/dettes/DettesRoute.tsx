import { DETTE_CLIENT_SORTS, formatMoney, type DetteClientItem } from '@comptoir/shared';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { WithShop } from '../../components/WithShop';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import { useIsPhone } from '../../lib/use-phone';
import { formatDay, todayIso } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import type { ListSpec } from '../../lib/list-params';
import { useCurrentShop } from '../../lib/shop';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { DettesFournisseurs } from '../achats';
import { useDettes } from './api';

const LIST: ListSpec = { sorts: DETTE_CLIENT_SORTS, filters: ['enRetard'] };

/** « Clients » and « Fournisseurs »: what customers owe the shop, what the shop owes suppliers. */
function Onglets({ fournisseurs }: { fournisseurs: boolean }) {
  const tab = (to: string, label: string, active: boolean) => (
    <Link
      to={to}
      className={`p-button p-button-sm no-underline ${active ? '' : 'p-button-outlined'}`}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Link>
  );
  return (
    <nav className="flex gap-2 mb-3" aria-label="Dettes">
      {tab('/pages/dettes', 'Clients', !fournisseurs)}
      {tab('/pages/dettes?onglet=fournisseurs', 'Fournisseurs', fournisseurs)}
    </nav>
  );
}

function DettesOnglets({ serviceId }: { serviceId: number }) {
  const [params] = useSearchParams();
  const { devise } = useCurrentShop();
  if (params.get('onglet') !== 'fournisseurs') return <Dettes serviceId={serviceId} />;
  return (
    <div className="card-surface">
      <PageHeader title="Dettes fournisseurs" />
      <Onglets fournisseurs />
      {devise === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <DettesFournisseurs serviceId={serviceId} devise={devise} />
      )}
    </div>
  );
}

function Dettes({ serviceId }: { serviceId: number }) {
  const { devise } = useCurrentShop();
  const list = useListParams(LIST);
  const dettes = useDettes(serviceId, list.query);
  useClampedPage(list, dettes.data?.total);
  const phone = useIsPhone();
  if (devise === null) return <p role="status">Chargement…</p>;
  const money = (v: number) => formatMoney(v, devise);
  const today = todayIso();
  const totaux = dettes.data?.totaux;
  const header = (
    <div className="flex flex-wrap gap-3 align-items-center">
      <SearchBox
        value={list.state.q}
        onSearch={list.setSearch}
        label="Rechercher un client"
        placeholder="Nom ou téléphone"
      />
      <span className="flex align-items-center gap-2">
        <Checkbox
          inputId="dettes-en-retard"
          checked={list.state.filters['enRetard'] === 'true'}
          onChange={(e) => list.setFilter('enRetard', e.checked ? 'true' : null)}
        />
        <label htmlFor="dettes-en-retard">En retard seulement</label>
      </span>
    </div>
  );
  return (
    <div className="card-surface">
      <PageHeader title="Dettes des clients" />
      <Onglets fournisseurs={false} />
      {dettes.isError && (
        <Message
          severity="error"
          text={errorMessage(dettes.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <dl className="grid m-0 mb-3" aria-label="Totaux des dettes" data-testid="dettes-totaux">
        {(
          [
            ['Encours total', totaux ? money(totaux.encours) : '…'],
            ['Dont en retard', totaux ? money(totaux.enRetard) : '…'],
            ['Clients débiteurs', totaux ? String(totaux.clients) : '…'],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="col-12 md:col-4">
            <div className="surface-100 border-round p-2">
              <dt className="text-sm text-color-secondary">{label}</dt>
              <dd className="m-0 text-xl font-semibold white-space-nowrap">{value}</dd>
            </div>
          </div>
        ))}
      </dl>
      {phone ? (
        <CardList
          value={dettes.data?.items ?? []}
          rowKey={(d) => d.client.id}
          label="Dettes des clients"
          emptyMessage="Aucune dette"
          loading={dettes.isFetching}
          header={header}
          paging={pagedCardsProps(list, dettes.data?.total ?? 0)}
          testId="dettes-cards"
          card={(d) => ({
            title: <Link to={`/pages/dettes/${d.client.id}`}>{d.client.nom}</Link>,
            amount: money(d.encours),
            ...(d.enRetard > 0
              ? {
                  status: (
                    <span className="text-red-600 font-semibold">{`En retard : ${money(d.enRetard)}`}</span>
                  ),
                }
              : {}),
            details: [
              d.client.telephone ?? '',
              d.prochaineEcheance ? `Échéance : ${formatDay(d.prochaineEcheance)}` : '',
            ].filter(Boolean),
          })}
        />
      ) : (
        <DataTable
          value={dettes.data?.items ?? []}
          dataKey="client.id"
          loading={dettes.isFetching}
          header={header}
          emptyMessage="Aucune dette"
          stripedRows
          size="small"
          data-testid="dettes-table"
          {...pagedTableProps(list, dettes.data?.total ?? 0)}
        >
          <Column
            header="Client"
            sortable
            sortField="nom"
            field="client.nom"
            body={(d: DetteClientItem) => (
              <Link to={`/pages/dettes/${d.client.id}`}>{d.client.nom}</Link>
            )}
          />
          <Column header="Téléphone" body={(d: DetteClientItem) => d.client.telephone ?? '—'} />
          <Column
            header="Encours"
            sortable
            sortField="encours"
            field="encours"
            body={(d: DetteClientItem) => money(d.encours)}
            className="text-right white-space-nowrap"
          />
          <Column
            header="En retard"
            sortable
            sortField="en_retard"
            field="enRetard"
            body={(d: DetteClientItem) =>
              d.enRetard > 0 ? (
                <span className="text-red-600 font-semibold">{money(d.enRetard)}</span>
              ) : (
                '—'
              )
            }
            className="text-right white-space-nowrap"
          />
          <Column
            header="Prochaine échéance"
            sortable
            sortField="echeance"
            field="prochaineEcheance"
            body={(d: DetteClientItem) =>
              d.prochaineEcheance ? (
                <span className={d.prochaineEcheance < today ? 'text-red-600' : ''}>
                  {formatDay(d.prochaineEcheance)}
                </span>
              ) : (
                '—'
              )
            }
          />
        </DataTable>
      )}
    </div>
  );
}

/**
 * /pages/dettes (owner): customers who owe something, with the shop's totals; the « Fournisseurs »
 * tab (`?onglet=fournisseurs`): what the shop owes its suppliers.
 */
export default function DettesRoute() {
  return (
    <WithShop>{(serviceId) => <DettesOnglets key={serviceId} serviceId={serviceId} />}</WithShop>
  );
}
