import { Message } from 'primereact/message';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { WithShop } from '../../../components/WithShop';
import { errorMessage } from '../../../lib/errors';
import { useCurrentShop } from '../../../lib/shop';
import { useClampedPage, useListParams } from '../../../lib/use-list-params';
import { useSession } from '../../../lib/use-session';
import { useVendeurOptions, useVentes } from './api';
import { VentesExport } from './VentesExport';
import { VentesFilters } from './VentesFilters';
import { VentesTable } from './VentesTable';
import { VentesTotaux } from './VentesTotaux';
import { periodeReady } from './periode';
import { VENTES_LIST, ventesApiQuery } from './ventes-list';

function Ventes({ serviceId }: { serviceId: number }) {
  const { role, user } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const { devise, timeZone } = useCurrentShop();
  const list = useListParams(VENTES_LIST);
  const query = ventesApiQuery(list.query, new Date(), timeZone ?? 'UTC');
  const ventes = useVentes(serviceId, query, periodeReady(list.query, timeZone));
  useClampedPage(list, ventes.data?.total);
  const managers = useVendeurOptions(serviceId, owner);
  // The owner sells too: first in the sellers, then the managers of this shop.
  const vendeurs =
    owner && user
      ? [user, ...(managers.data ?? []).filter((u) => u.id !== user.id)].map(
          ({ id, prenom, nom }) => ({ id, prenom, nom }),
        )
      : null;

  const header = (
    <ListToolbar
      filters={list.state.filters}
      search={
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher une vente"
          placeholder="Numéro ou client"
        />
      }
    >
      <VentesFilters
        serviceId={serviceId}
        filters={list.state.filters}
        vendeurs={vendeurs}
        onFilter={list.setFilter}
      />
    </ListToolbar>
  );
  return (
    <div className="card-surface">
      <PageHeader title="Ventes" actionsMenu>
        <VentesExport serviceId={serviceId} query={query} />
      </PageHeader>
      {ventes.isError && (
        <Message
          severity="error"
          text={errorMessage(ventes.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      {devise === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <VentesTotaux
            totaux={ventes.data?.totaux}
            devise={devise}
            mode={list.state.filters['mode']}
            operateur={list.state.filters['operateur']}
          />
          <VentesTable
            page={ventes.data}
            loading={ventes.isFetching}
            list={list}
            devise={devise}
            timeZone={timeZone}
            header={header}
          />
        </>
      )}
    </div>
  );
}

/** /pages/ventes-list (manager and owner): the current shop's sales, filtered, with their totals. */
export default function VentesListRoute() {
  return <WithShop>{(serviceId) => <Ventes key={serviceId} serviceId={serviceId} />}</WithShop>;
}
