import { formatMoney, type FacturePage } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { ListTotaux } from '../../components/list/ListTotaux';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useFactures } from './api';
import { FACTURES_LIST } from './factures-list';
import { FacturesExport } from './FacturesExport';
import { FacturesFilters } from './FacturesFilters';
import { FacturesTable } from './FacturesTable';
import { RecapDialog } from './RecapDialog';

function Totaux({ totaux, devise }: { totaux: FacturePage['totaux'] | undefined; devise: string }) {
  const items: [string, string][] = totaux
    ? [
        ['Factures', String(totaux.nombre)],
        ['Total HT', formatMoney(totaux.totalHt, devise)],
        ['Total TTC', formatMoney(totaux.totalTtc, devise)],
        ['Avoirs', formatMoney(totaux.montantAvoirs, devise)],
        ['Reste à payer', formatMoney(totaux.reste, devise)],
      ]
    : [];
  return <ListTotaux items={items} label="Totaux des factures filtrées" />;
}

function Factures({ serviceId }: { serviceId: number }) {
  const { devise, timeZone } = useCurrentShop();
  const list = useListParams(FACTURES_LIST);
  const query = list.query;
  const factures = useFactures(serviceId, query);
  useClampedPage(list, factures.data?.total);
  const [recap, setRecap] = useState(false);

  const header = (
    <div className="flex flex-wrap gap-2 align-items-center">
      <SearchBox
        value={list.state.q}
        onSearch={list.setSearch}
        label="Rechercher une facture"
        placeholder="Numéro ou client"
      />
      <FacturesFilters
        serviceId={serviceId}
        filters={list.state.filters}
        onFilter={list.setFilter}
      />
    </div>
  );
  return (
    <div className="card-surface">
      <PageHeader title="Factures">
        <Button
          type="button"
          label="Facture récapitulative"
          icon="pi pi-copy"
          onClick={() => setRecap(true)}
        />
        <FacturesExport serviceId={serviceId} query={query} />
      </PageHeader>
      <p className="mt-0 text-color-secondary">
        Une vente se facture depuis son détail (« Facturer ») ; plusieurs ventes d’un même client,
        par une facture récapitulative.
      </p>
      {factures.isError && (
        <Message
          severity="error"
          text={errorMessage(factures.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      {devise === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <Totaux totaux={factures.data?.totaux} devise={devise} />
          <FacturesTable
            page={factures.data}
            loading={factures.isFetching}
            list={list}
            devise={devise}
            timeZone={timeZone}
            header={header}
          />
        </>
      )}
      {recap && devise !== null && (
        <RecapDialog serviceId={serviceId} devise={devise} onHide={() => setRecap(false)} />
      )}
    </div>
  );
}

/** /pages/factures (owner): the current shop's invoices, filtered, with their totals. */
export default function FacturesRoute() {
  return <WithShop>{(serviceId) => <Factures key={serviceId} serviceId={serviceId} />}</WithShop>;
}
