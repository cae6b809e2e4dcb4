import { CLIENT_SORTS, formatMoney, type Client } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { Link } from 'react-router';
import { PartiesScreen } from '../../components/PartiesScreen';
import { WithShop } from '../../components/WithShop';
import type { ListSpec } from '../../lib/list-params';
import { useCurrentShop } from '../../lib/shop';
import { useListParams } from '../../lib/use-list-params';
import { useClients, useCreateClient, useDeleteClient, useUpdateClient } from './api';
import { CLIENT_FIELDS, ClientForm } from './ClientForm';

const LIST: ListSpec = { sorts: CLIENT_SORTS, filters: ['actif'] };

function Clients({ serviceId }: { serviceId: number }) {
  const { devise } = useCurrentShop();
  const list = useListParams(LIST);
  return (
    <PartiesScreen
      title="Clients"
      noun="client"
      testId="clients-table"
      searchPlaceholder="Nom, téléphone ou e-mail"
      formId="client-form"
      fields={CLIENT_FIELDS}
      list={list}
      query={useClients(serviceId, list.query)}
      create={useCreateClient(serviceId)}
      update={useUpdateClient(serviceId)}
      remove={useDeleteClient(serviceId)}
      formReady={devise !== null}
      card={(c) => ({
        title: <Link to={`/pages/clients/${c.id}`}>{c.nom}</Link>,
        details: [c.telephone ?? '', c.email ?? ''].filter(Boolean),
        ...(c.plafondCredit !== null && devise
          ? { amount: `Plafond ${formatMoney(c.plafondCredit, devise)}` }
          : {}),
      })}
      renderForm={({ edited, ...form }) =>
        devise && <ClientForm {...form} client={edited} devise={devise} />
      }
    >
      <Column
        header="Nom"
        sortable
        field="nom"
        body={(c: Client) => <Link to={`/pages/clients/${c.id}`}>{c.nom}</Link>}
      />
      <Column header="Téléphone" body={(c: Client) => c.telephone ?? '—'} />
      <Column header="Adresse e-mail" body={(c: Client) => c.email ?? '—'} />
      <Column
        header="Plafond de crédit"
        body={(c: Client) =>
          c.plafondCredit === null || !devise ? '—' : formatMoney(c.plafondCredit, devise)
        }
      />
    </PartiesScreen>
  );
}

/** /pages/clients (manager and owner): the current shop's customers. */
export default function ClientsRoute() {
  return <WithShop>{(serviceId) => <Clients key={serviceId} serviceId={serviceId} />}</WithShop>;
}
