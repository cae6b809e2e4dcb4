import { DETTE_FOURNISSEUR_SORTS, formatMoney, type DetteFournisseurItem } from '@comptoir/shared';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Link } from 'react-router';
import { SearchBox } from '../../../components/SearchBox';
import { pagedTableProps } from '../../../components/paged-table';
import { formatDay, todayIso } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import type { ListSpec } from '../../../lib/list-params';
import { useClampedPage, useListParams } from '../../../lib/use-list-params';
import { useDettesFournisseurs } from '../api';

const LIST: ListSpec = { sorts: DETTE_FOURNISSEUR_SORTS, filters: ['enRetard'] };

/** The « Fournisseurs » tab of the debts: what the shop owes each supplier, with the totals. */
export function DettesFournisseurs({ serviceId, devise }: { serviceId: number; devise: string }) {
  const list = useListParams(LIST);
  const dettes = useDettesFournisseurs(serviceId, list.query);
  useClampedPage(list, dettes.data?.total);
  const money = (v: number) => formatMoney(v, devise);
  const today = todayIso();
  const totaux = dettes.data?.totaux;
  const header = (
    <div className="flex flex-wrap gap-3 align-items-center">
      <SearchBox
        value={list.state.q}
        onSearch={list.setSearch}
        label="Rechercher un fournisseur"
        placeholder="Nom ou téléphone"
      />
      <span className="flex align-items-center gap-2">
        <Checkbox
          inputId="dettes-fournisseurs-en-retard"
          checked={list.state.filters['enRetard'] === 'true'}
          onChange={(e) => list.setFilter('enRetard', e.checked ? 'true' : null)}
        />
        <label htmlFor="dettes-fournisseurs-en-retard">En retard seulement</label>
      </span>
    </div>
  );
  return (
    <>
      {dettes.isError && (
        <Message
          severity="error"
          text={errorMessage(dettes.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <dl
        className="grid m-0 mb-3"
        aria-label="Totaux des dettes fournisseurs"
        data-testid="dettes-fournisseurs-totaux"
      >
        {(
          [
            ['Dû aux fournisseurs', totaux ? money(totaux.solde) : '…'],
            ['Dont en retard', totaux ? money(totaux.enRetard) : '…'],
            ['Fournisseurs à payer', totaux ? String(totaux.fournisseurs) : '…'],
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
      <DataTable
        value={dettes.data?.items ?? []}
        dataKey="fournisseur.id"
        loading={dettes.isFetching}
        header={header}
        emptyMessage="Rien n’est dû aux fournisseurs"
        stripedRows
        size="small"
        data-testid="dettes-fournisseurs-table"
        {...pagedTableProps(list, dettes.data?.total ?? 0)}
      >
        <Column
          header="Fournisseur"
          sortable
          sortField="nom"
          field="fournisseur.nom"
          body={(d: DetteFournisseurItem) => (
            <Link to={`/pages/fournisseurs/${d.fournisseur.id}`}>{d.fournisseur.nom}</Link>
          )}
        />
        <Column
          header="Téléphone"
          body={(d: DetteFournisseurItem) => d.fournisseur.telephone ?? '—'}
        />
        <Column header="Achats" field="nombreAchats" className="text-right" />
        <Column
          header="Solde dû"
          sortable
          sortField="solde"
          field="solde"
          body={(d: DetteFournisseurItem) => money(d.solde)}
          className="text-right white-space-nowrap"
        />
        <Column
          header="En retard"
          body={(d: DetteFournisseurItem) =>
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
          body={(d: DetteFournisseurItem) =>
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
    </>
  );
}
