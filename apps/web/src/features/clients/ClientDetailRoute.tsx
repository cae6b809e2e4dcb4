import { formatDateTime, formatMoney, type Client, type VenteListItem } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { http } from '../../lib/http';
import { shopPath, useCurrentShop } from '../../lib/shop';
import { useSession } from '../../lib/use-session';
import { CompteSolde, useCompteClient } from '../dettes';
import { useVentes, VenteStatutTag } from '../ventes';

const RECENTES = { page: 1, size: 8, sort: 'created_at,desc' } as const;

function ClientDetail({ serviceId, id }: { serviceId: number; id: number }) {
  const { role } = useSession();
  const client = useQuery({
    queryKey: ['clients', serviceId, 'one', String(id)],
    queryFn: () => http.get<Client>(shopPath(serviceId, `clients/${id}`)),
  });
  const compte = useCompteClient(serviceId, id);
  const ventes = useVentes(serviceId, { ...RECENTES, clientId: id });
  const { devise, timeZone } = useCurrentShop();

  if (client.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(client.error)}
        className="w-full justify-content-start"
      />
    );
  if (client.isPending || devise === null) return <p role="status">Chargement…</p>;
  const c = client.data;
  return (
    <div className="card-surface">
      <PageHeader title={c.nom}>
        {role === 'ROLE_PROPRIETAIRE' && (
          <Link to={`/pages/dettes/${c.id}`} className="p-button p-button-outlined no-underline">
            Dettes et règlements
          </Link>
        )}
      </PageHeader>
      <p className="m-0 mb-3">
        {[c.telephone, c.email, c.adresse].filter(Boolean).join(' · ') || 'Aucune coordonnée'}
      </p>
      {compte.isError && (
        <Message
          severity="error"
          text={errorMessage(compte.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      {compte.data && <CompteSolde compte={compte.data} devise={devise} />}
      <h2 className="text-xl">Dernières ventes</h2>
      {ventes.isError && (
        <Message
          severity="error"
          text={errorMessage(ventes.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <DataTable
        value={ventes.data?.items ?? []}
        dataKey="id"
        size="small"
        stripedRows
        loading={ventes.isFetching}
        emptyMessage="Aucune vente"
        data-testid="client-ventes"
      >
        <Column
          header="Numéro"
          body={(v: VenteListItem) => <Link to={`/pages/ventes-list/${v.id}`}>{v.numero}</Link>}
        />
        <Column header="Date" body={(v: VenteListItem) => formatDateTime(v.createdAt, timeZone)} />
        <Column
          header="Total"
          body={(v: VenteListItem) => formatMoney(v.totalTtc, devise)}
          className="text-right white-space-nowrap"
        />
        <Column
          header="Reste"
          body={(v: VenteListItem) => formatMoney(v.reste, devise)}
          className="text-right white-space-nowrap"
        />
        <Column header="Statut" body={(v: VenteListItem) => <VenteStatutTag statut={v.statut} />} />
      </DataTable>
      {(ventes.data?.total ?? 0) > RECENTES.size && (
        <p>
          <Link
            to={`/pages/ventes-list?clientId=${c.id}`}
          >{`Voir ses ${ventes.data?.total} ventes`}</Link>
        </p>
      )}
    </div>
  );
}

/** /pages/clients/:id (manager and owner): the customer, their balance and their latest sales. */
export default function ClientDetailRoute() {
  const { id } = useParams();
  if (!id || !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <ClientDetail key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
      )}
    </WithShop>
  );
}
