import { DEPENSE_SORTS, type Depense } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { DayFilter } from '../../components/list/ListFilters';
import { ListToolbar } from '../../components/list/ListToolbar';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import type { ListSpec } from '../../lib/list-params';
import { useCurrentShop } from '../../lib/shop';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useSession } from '../../lib/use-session';
import { PERIODES, PERIODE_LABELS, periodeApiQuery, periodeReady } from '../ventes';
import { useCategoriesDepenses, useDepenses } from './api';
import { CategoriesDepensesDialog } from './CategoriesDepensesDialog';
import { DepenseDetail } from './DepenseDetail';
import { DepenseForm } from './DepenseForm';
import { DepensesExport } from './DepensesExport';
import { DepensesTable } from './DepensesTable';
import { DepensesTotaux } from './DepensesTotaux';

const LIST: ListSpec = { sorts: DEPENSE_SORTS, filters: ['periode', 'du', 'au', 'categorieId'] };
const PERIODE_OPTIONS = PERIODES.map((value) => ({ value, label: PERIODE_LABELS[value] }));

type Editing = { depense: Depense | null } | null;

function Depenses({ serviceId }: { serviceId: number }) {
  const owner = useSession().role === 'ROLE_PROPRIETAIRE';
  const { devise, timeZone } = useCurrentShop();
  const list = useListParams(LIST);
  // The period in the shop's days (the sales list's periods), not the browser's.
  const query = periodeApiQuery(list.query, new Date(), timeZone ?? 'UTC');
  const depenses = useDepenses(serviceId, query, periodeReady(list.query, timeZone));
  const categories = useCategoriesDepenses(serviceId);
  useClampedPage(list, depenses.data?.total);
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [managing, setManaging] = useState(false);
  const f = list.state.filters;
  const pick = (key: string) => (e: { value: unknown }) =>
    list.setFilter(key, e.value === null || e.value === undefined ? null : String(e.value));
  const header = (
    <ListToolbar
      filters={f}
      search={
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher une dépense"
          placeholder="Libellé"
        />
      }
    >
      <Dropdown
        inputId="depenses-periode"
        value={f['periode'] ?? null}
        options={PERIODE_OPTIONS}
        onChange={pick('periode')}
        placeholder="Toute période"
        showClear
        aria-label="Filtrer par période"
      />
      {f['periode'] === 'perso' && (
        <>
          <DayFilter prefix="depenses" bound="du" value={f['du']} onFilter={list.setFilter} />
          <DayFilter prefix="depenses" bound="au" value={f['au']} onFilter={list.setFilter} />
        </>
      )}
      <Dropdown
        inputId="depenses-categorie"
        value={f['categorieId'] ? Number(f['categorieId']) : null}
        options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.nom }))}
        onChange={pick('categorieId')}
        placeholder="Toutes les catégories"
        showClear
        aria-label="Filtrer par catégorie"
      />
    </ListToolbar>
  );
  return (
    <div className="card-surface">
      <PageHeader title="Dépenses" actionsMenu>
        {owner && (
          <Button
            type="button"
            label="Catégories"
            icon="pi pi-tags"
            outlined
            onClick={() => setManaging(true)}
          />
        )}
        <DepensesExport serviceId={serviceId} query={query} />
        <Button
          type="button"
          label="Nouvelle dépense"
          icon="pi pi-plus"
          onClick={() => setEditing({ depense: null })}
        />
      </PageHeader>
      {depenses.isError && (
        <Message severity="error" text={errorMessage(depenses.error)} className="w-full mb-3" />
      )}
      {devise === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <DepensesTotaux totaux={depenses.data?.totaux} devise={devise} />
          <DepensesTable
            page={depenses.data}
            loading={depenses.isFetching}
            list={list}
            devise={devise}
            header={header}
            onShow={setShown}
          />
          {editing && (
            <DepenseForm
              serviceId={serviceId}
              devise={devise}
              depense={editing.depense}
              onHide={() => setEditing(null)}
              onDone={(d) => {
                setEditing(null);
                setShown(d.id);
              }}
            />
          )}
          {shown !== null && !editing && (
            <DepenseDetail
              serviceId={serviceId}
              id={shown}
              devise={devise}
              owner={owner}
              onEdit={(d) => setEditing({ depense: d })}
              onHide={() => setShown(null)}
            />
          )}
        </>
      )}
      {managing && (
        <CategoriesDepensesDialog serviceId={serviceId} onHide={() => setManaging(false)} />
      )}
      <ConfirmDialog />
    </div>
  );
}

/** /pages/depenses (manager and owner): the current shop's expenses, filtered, with their totals. */
export default function DepensesRoute() {
  return <WithShop>{(serviceId) => <Depenses key={serviceId} serviceId={serviceId} />}</WithShop>;
}
