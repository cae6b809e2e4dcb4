import type { Produit } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListToolbar } from '../../components/list/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useSession } from '../../lib/use-session';
import { useCategorieOptions, useMarqueOptions, useProduits } from './api';
import { EtiquettesDialog } from './EtiquettesDialog';
import { ProduitsFilters } from './ProduitsFilters';
import { ProduitsImportExport } from './import/ProduitsImportExport';
import { ProduitsTable } from './ProduitsTable';
import { PRODUITS_LIST } from './produits-list';

function Produits({ serviceId }: { serviceId: number }) {
  const { role } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const { devise } = useCurrentShop();
  const navigate = useNavigate();
  const list = useListParams(PRODUITS_LIST);
  const produits = useProduits(serviceId, list.query);
  useClampedPage(list, produits.data?.total);
  const categories = useCategorieOptions(serviceId);
  const marques = useMarqueOptions(serviceId, owner);
  const [selection, setSelection] = useState<Produit[]>([]);
  const [etiquettes, setEtiquettes] = useState(false);

  const header = (
    <ListToolbar
      filters={list.state.filters}
      search={
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher un produit"
          placeholder="Nom, référence ou code-barres"
        />
      }
    >
      <ProduitsFilters
        filters={list.state.filters}
        categories={categories.data ?? []}
        marques={owner ? (marques.data ?? []) : null}
        onFilter={list.setFilter}
      />
    </ListToolbar>
  );

  return (
    <div className="card-surface">
      <PageHeader title="Produits" actionsMenu>
        <ProduitsImportExport serviceId={serviceId} devise={devise} query={list.query} />
        <Button
          type="button"
          label="Imprimer des étiquettes"
          icon="pi pi-print"
          outlined
          disabled={selection.length === 0}
          onClick={() => setEtiquettes(true)}
        />
        <Button
          type="button"
          label="Nouveau produit"
          icon="pi pi-plus"
          onClick={() => void navigate('/pages/produits/add')}
        />
      </PageHeader>
      {produits.isError && (
        <Message
          severity="error"
          text={errorMessage(produits.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <ProduitsTable
        page={produits.data}
        loading={produits.isFetching}
        list={list}
        devise={devise}
        header={header}
        onEdit={(p) => void navigate(`/pages/produits/${p.id}/edit`)}
        selection={selection}
        onSelectionChange={setSelection}
      />
      {etiquettes && (
        <EtiquettesDialog
          serviceId={serviceId}
          produits={selection}
          onHide={() => setEtiquettes(false)}
        />
      )}
    </div>
  );
}

/** /pages/produits (manager and owner): the current shop's catalogue. */
export default function ProduitsRoute() {
  return <WithShop>{(serviceId) => <Produits key={serviceId} serviceId={serviceId} />}</WithShop>;
}
