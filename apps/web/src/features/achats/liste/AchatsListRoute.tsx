import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ExcelExport } from '../../../components/ExcelExport';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { WithShop } from '../../../components/WithShop';
import { errorMessage } from '../../../lib/errors';
import { useCurrentShop } from '../../../lib/shop';
import { useClampedPage, useListParams } from '../../../lib/use-list-params';
import { useSession } from '../../../lib/use-session';
import { achatPath, useAchats } from '../api';
import { AchatsFilters } from './AchatsFilters';
import { periodeReady } from '../../ventes';
import { ACHATS_LIST, achatsApiQuery } from './achats-list';
import { AchatsTable } from './AchatsTable';
import { AchatsTotaux } from './AchatsTotaux';
import { ReapproDialog } from './ReapproDialog';

const NUMERIC = new Set(['Total', 'Payé', 'Retourné', 'Reste à payer']);

function Achats({ serviceId }: { serviceId: number }) {
  const { role } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const { devise, timeZone } = useCurrentShop();
  const navigate = useNavigate();
  const list = useListParams(ACHATS_LIST);
  const query = achatsApiQuery(list.query, new Date(), timeZone ?? 'UTC');
  const achats = useAchats(serviceId, query, periodeReady(list.query, timeZone));
  useClampedPage(list, achats.data?.total);
  const [reappro, setReappro] = useState(false);

  const header = (
    <div className="flex flex-wrap gap-2 align-items-center">
      <SearchBox
        value={list.state.q}
        onSearch={list.setSearch}
        label="Rechercher un achat"
        placeholder="Numéro ou référence"
      />
      <AchatsFilters serviceId={serviceId} filters={list.state.filters} onFilter={list.setFilter} />
    </div>
  );
  return (
    <div className="card-surface">
      <PageHeader title="Approvisionnements">
        <ExcelExport
          path={achatPath(serviceId, '/export.csv')}
          query={query}
          sheet="Achats"
          file="achats"
          numeric={NUMERIC}
        />
        {owner && (
          <>
            <Button
              type="button"
              label="Brouillon depuis les stocks bas"
              icon="pi pi-exclamation-triangle"
              outlined
              onClick={() => setReappro(true)}
            />
            <Link to="/pages/approvisionnements" className="p-button no-underline">
              <i className="pi pi-plus mr-2" aria-hidden />
              Nouvel approvisionnement
            </Link>
          </>
        )}
      </PageHeader>
      {!owner && (
        <p className="m-0 mb-3 text-color-secondary">
          Consultation seulement : le propriétaire saisit et règle les achats.
        </p>
      )}
      {achats.isError && (
        <Message
          severity="error"
          text={errorMessage(achats.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      {devise === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <AchatsTotaux totaux={achats.data?.totaux} devise={devise} />
          <AchatsTable
            page={achats.data}
            loading={achats.isFetching}
            list={list}
            devise={devise}
            header={header}
          />
        </>
      )}
      {reappro && (
        <ReapproDialog
          serviceId={serviceId}
          onHide={() => setReappro(false)}
          onDone={(achat) => void navigate(`/pages/approvisionnements/${achat.id}`)}
        />
      )}
    </div>
  );
}

/** /pages/approvisionnements-list (owner; managers read only): the shop's purchases and totals. */
export default function AchatsListRoute() {
  return <WithShop>{(serviceId) => <Achats key={serviceId} serviceId={serviceId} />}</WithShop>;
}
