import { formatMoney } from '@comptoir/shared';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Link } from 'react-router';
import { SearchBox } from '../SearchBox';
import { pagedCardsProps, pagedTableProps } from '../paged-table';
import { formatDay } from '../../lib/dates';
import { useShopToday } from '../../lib/shop';
import { errorMessage } from '../../lib/errors';
import type { useListParams } from '../../lib/use-list-params';
import { useIsPhone } from '../../lib/use-phone';
import { CardList } from './CardList';

/** A party who owes or is owed (a customer, a supplier), as a row of a debts list. */
export interface DetteLigne {
  id: number;
  nom: string;
  telephone: string | null;
  /** Its account page. */
  lien: string;
  /** What is owed in all (a customer's « encours », a supplier's « solde dû »). */
  montant: number;
  enRetard: number;
  prochaineEcheance: string | null;
  /** A count shown in its own column (a supplier's purchases). */
  nombre?: number;
}

interface Props {
  /** Prefix of the test ids and of the « en retard » checkbox (`dettes`, `dettes-fournisseurs`). */
  prefix: string;
  /** Name of the list and of its totals (« Dettes des clients », « Dettes fournisseurs »). */
  label: string;
  totauxLabel: string;
  /** The three totals, in order: what is owed, of which late, how many parties. */
  totaux: readonly (readonly [string, string])[];
  /** The party column (« Client ») and the search box's label (« Rechercher un client »). */
  tiers: string;
  searchLabel: string;
  /** The amount's column and its sort field. */
  montant: { header: string; sortField: string };
  /** Sort field of « En retard », when the server sorts by it. */
  enRetardSortField?: string;
  /** Header of the count column, when the rows carry one. */
  nombreHeader?: string;
  emptyMessage: string;
  rows: readonly DetteLigne[];
  total: number;
  loading: boolean;
  error: Error | null;
  list: ReturnType<typeof useListParams>;
  devise: string;
}

/**
 * What customers owe the shop, or the shop its suppliers: totals, search and « en retard » filter,
 * then a server-paged table (cards on a phone) of one row per party with its amount, late part and
 * next due date, the late ones in red.
 */
export function DettesListe(p: Props) {
  const { list } = p;
  const phone = useIsPhone();
  const money = (v: number) => formatMoney(v, p.devise);
  const today = useShopToday();
  const header = (
    <div className="flex flex-wrap gap-3 align-items-center">
      <SearchBox
        value={list.state.q}
        onSearch={list.setSearch}
        label={p.searchLabel}
        placeholder="Nom ou téléphone"
      />
      <span className="flex align-items-center gap-2">
        <Checkbox
          inputId={`${p.prefix}-en-retard`}
          checked={list.state.filters['enRetard'] === 'true'}
          onChange={(e) => list.setFilter('enRetard', e.checked ? 'true' : null)}
        />
        <label htmlFor={`${p.prefix}-en-retard`}>En retard seulement</label>
      </span>
    </div>
  );
  const nom = (d: DetteLigne) => <Link to={d.lien}>{d.nom}</Link>;
  return (
    <>
      {p.error && (
        <Message
          severity="error"
          text={errorMessage(p.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <dl className="grid m-0 mb-3" aria-label={p.totauxLabel} data-testid={`${p.prefix}-totaux`}>
        {p.totaux.map(([label, value]) => (
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
          value={p.rows}
          rowKey={(d) => d.id}
          label={p.label}
          emptyMessage={p.emptyMessage}
          loading={p.loading}
          header={header}
          paging={pagedCardsProps(list, p.total)}
          testId={`${p.prefix}-cards`}
          card={(d) => ({
            title: nom(d),
            amount: money(d.montant),
            ...(d.enRetard > 0
              ? {
                  status: (
                    <span className="text-red-600 font-semibold">{`En retard\u00A0: ${money(d.enRetard)}`}</span>
                  ),
                }
              : {}),
            details: [
              d.telephone ?? '',
              d.prochaineEcheance ? `Échéance\u00A0: ${formatDay(d.prochaineEcheance)}` : '',
              p.nombreHeader && d.nombre !== undefined
                ? `${p.nombreHeader}\u00A0: ${d.nombre}`
                : '',
            ].filter(Boolean),
          })}
        />
      ) : (
        <DataTable
          value={[...p.rows]}
          dataKey="id"
          loading={p.loading}
          header={header}
          emptyMessage={p.emptyMessage}
          stripedRows
          size="small"
          data-testid={`${p.prefix}-table`}
          {...pagedTableProps(list, p.total)}
        >
          <Column header={p.tiers} sortable sortField="nom" field="nom" body={nom} />
          <Column header="Téléphone" body={(d: DetteLigne) => d.telephone ?? '—'} />
          {p.nombreHeader && (
            <Column header={p.nombreHeader} field="nombre" className="text-right" />
          )}
          <Column
            header={p.montant.header}
            sortable
            sortField={p.montant.sortField}
            field="montant"
            body={(d: DetteLigne) => money(d.montant)}
            className="text-right white-space-nowrap"
          />
          <Column
            header="En retard"
            sortable={p.enRetardSortField !== undefined}
            {...(p.enRetardSortField ? { sortField: p.enRetardSortField } : {})}
            field="enRetard"
            body={(d: DetteLigne) =>
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
            body={(d: DetteLigne) =>
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
    </>
  );
}
