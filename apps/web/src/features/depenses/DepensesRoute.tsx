import {
  DEPENSE_SORTS,
  MODE_PAIEMENT_LABELS,
  formatMoney,
  type Depense,
  type DepenseListItem,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { WithShop } from '../../components/WithShop';
import { pagedTableProps } from '../../components/paged-table';
import { formatDay, fromIsoDay, toIsoDay } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import type { QueryValue } from '../../lib/http';
import type { ListSpec } from '../../lib/list-params';
import { useCurrentShop } from '../../lib/shop';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useSession } from '../../lib/use-session';
import { PERIODES, PERIODE_LABELS, isPeriode, periodeBounds } from '../ventes';
import { useCategoriesDepenses, useDepenses } from './api';
import { CategoriesDepensesDialog } from './CategoriesDepensesDialog';
import { DepenseDetail } from './DepenseDetail';
import { DepenseForm } from './DepenseForm';
import { DepensesExport } from './DepensesExport';
import { DepensesTotaux } from './DepensesTotaux';

const LIST: ListSpec = { sorts: DEPENSE_SORTS, filters: ['periode', 'du', 'au', 'categorieId'] };
const PERIODE_OPTIONS = PERIODES.map((value) => ({ value, label: PERIODE_LABELS[value] }));

/** The API query: the period becomes `du`/`au` days (the sales list's periods). */
function apiQuery(query: Record<string, QueryValue>): Record<string, QueryValue> {
  const { periode, du, au, ...rest } = query;
  const p = typeof periode === 'string' && isPeriode(periode) ? periode : undefined;
  const day = (v: QueryValue) => (typeof v === 'string' ? v : undefined);
  return { ...rest, ...periodeBounds(p, new Date(), day(du), day(au)) };
}

type Editing = { depense: Depense | null } | null;

function Depenses({ serviceId }: { serviceId: number }) {
  const owner = useSession().role === 'ROLE_PROPRIETAIRE';
  const { devise } = useCurrentShop();
  const list = useListParams(LIST);
  const query = apiQuery(list.query);
  const depenses = useDepenses(serviceId, query);
  const categories = useCategoriesDepenses(serviceId);
  useClampedPage(list, depenses.data?.total);
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [managing, setManaging] = useState(false);
  const f = list.state.filters;
  const pick = (key: string) => (e: { value: unknown }) =>
    list.setFilter(key, e.value === null || e.value === undefined ? null : String(e.value));
  const day = (key: 'du' | 'au') => (
    <Calendar
      inputId={`depenses-${key}`}
      value={fromIsoDay(f[key])}
      onChange={(e) => list.setFilter(key, e.value instanceof Date ? toIsoDay(e.value) : null)}
      dateFormat="dd/mm/yy"
      placeholder={key === 'du' ? 'Du' : 'Au'}
      aria-label={key === 'du' ? 'Du (jour)' : 'Au (jour)'}
      showIcon
      showButtonBar
    />
  );
  const header = (
    <div className="flex flex-wrap gap-2 align-items-center">
      <SearchBox
        value={list.state.q}
        onSearch={list.setSearch}
        label="Rechercher une dépense"
        placeholder="Libellé"
      />
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
          {day('du')}
          {day('au')}
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
    </div>
  );
  return (
    <div className="card-surface">
      <PageHeader title="Dépenses">
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
          <DataTable
            value={depenses.data?.items ?? []}
            dataKey="id"
            loading={depenses.isFetching}
            header={header}
            emptyMessage="Aucune dépense"
            stripedRows
            size="small"
            data-testid="depenses-table"
            {...pagedTableProps(list, depenses.data?.total ?? 0)}
          >
            <Column
              header="Date"
              sortable
              field="date"
              body={(d: DepenseListItem) => formatDay(d.date)}
            />
            <Column header="Catégorie" body={(d: DepenseListItem) => d.categorie.nom} />
            <Column
              header="Libellé"
              body={(d: DepenseListItem) => (
                <Button
                  type="button"
                  link
                  className="p-0 text-left"
                  label={d.libelle}
                  onClick={() => setShown(d.id)}
                />
              )}
            />
            <Column
              header="Montant"
              sortable
              field="montant"
              body={(d: DepenseListItem) => formatMoney(d.montant, devise)}
              className="text-right white-space-nowrap"
            />
            <Column header="Mode" body={(d: DepenseListItem) => MODE_PAIEMENT_LABELS[d.mode]} />
            <Column
              header="Justificatif"
              body={(d: DepenseListItem) =>
                d.justificatif ? (d.justificatif.type === 'pdf' ? 'PDF' : 'Photo') : '—'
              }
            />
          </DataTable>
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
