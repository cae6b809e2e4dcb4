import { Checkbox } from 'primereact/checkbox';
import { Paginator } from 'primereact/paginator';
import { ProgressBar } from 'primereact/progressbar';
import type { ReactNode } from 'react';
import './list.css';

/** What a row shows on a phone, most important first. */
export interface CardFields {
  /** The row's name or number, usually the link to its detail. */
  title: ReactNode;
  /** The amount (total, price, balance), bold on the right of the title. */
  amount?: ReactNode;
  /** Status or stock, under the amount. */
  status?: ReactNode;
  /** Secondary facts, one short item each (date, customer, reference). */
  details?: ReactNode[];
  /** The row's own buttons (edit, delete). */
  actions?: ReactNode;
  /** A picture on the left (product photo). */
  media?: ReactNode;
}

/** Paging of a card list (the table's, see `pagedCardsProps`). */
export interface CardPaging {
  first: number;
  rows: number;
  totalRecords: number;
  onPage: (first: number, rows: number) => void;
}

interface Props<T> {
  value: readonly T[];
  rowKey: (row: T) => string | number;
  card: (row: T) => CardFields;
  /** Accessible name of the list (« Ventes »). */
  label: string;
  emptyMessage: string;
  loading?: boolean;
  /** Search and filters, above the cards (the table's header). */
  header?: ReactNode;
  paging?: CardPaging;
  /** Rows ticked (products for labels): a checkbox on each card. */
  selection?: {
    isSelected: (row: T) => boolean;
    toggle: (row: T) => void;
    label: (row: T) => string;
  };
  testId?: string;
}

/**
 * A list on a phone: each row a compact card, the fields that matter first (name, amount, status,
 * stock), then the details; no column, so nothing scrolls sideways at 360 px. The lists render it in
 * place of their DataTable when `useIsPhone()` is true, with the same rows and paging.
 */
export function CardList<T>({
  value,
  rowKey,
  card,
  label,
  emptyMessage,
  loading = false,
  header,
  paging,
  selection,
  testId,
}: Props<T>) {
  return (
    <div className="card-list" data-testid={testId}>
      {header && <div className="card-list-header">{header}</div>}
      <ProgressBar
        mode="indeterminate"
        className={loading ? 'card-list-loading' : 'card-list-loading invisible'}
        aria-hidden="true"
      />
      <ul className="card-list-items" aria-label={label} aria-busy={loading}>
        {value.map((row) => {
          const c = card(row);
          return (
            <li key={rowKey(row)} className="card-list-item">
              {selection && (
                <Checkbox
                  checked={selection.isSelected(row)}
                  onChange={() => selection.toggle(row)}
                  aria-label={selection.label(row)}
                />
              )}
              {c.media}
              <div className="card-list-main">
                <div className="card-list-title">{c.title}</div>
                {c.details && c.details.length > 0 && (
                  <div className="card-list-details">
                    {c.details.map((d, i) => (
                      <span key={i}>{d}</span>
                    ))}
                  </div>
                )}
              </div>
              <div className="card-list-side">
                {c.amount !== undefined && <strong className="card-list-amount">{c.amount}</strong>}
                {c.status}
                {c.actions}
              </div>
            </li>
          );
        })}
      </ul>
      {value.length === 0 && !loading && <p className="card-list-empty">{emptyMessage}</p>}
      {paging && paging.totalRecords > paging.rows && (
        <Paginator
          first={paging.first}
          rows={paging.rows}
          totalRecords={paging.totalRecords}
          onPageChange={(e) => paging.onPage(e.first, e.rows)}
          template="FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink"
          currentPageReportTemplate="{first} à {last} sur {totalRecords}"
        />
      )}
    </div>
  );
}
