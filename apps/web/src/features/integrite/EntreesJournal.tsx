import { formatDateTime, JOURNAL_TYPE_LABELS, type JournalEntree } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { CardList } from '../../components/list/CardList';
import { useCurrentShop } from '../../lib/shop';
import { useIsPhone } from '../../lib/use-phone';

interface Props {
  value: readonly JournalEntree[];
  loading: boolean;
  /** Accessible name of the list. */
  label: string;
  emptyMessage: string;
  /** Server pages (the technical events); none for the last entries. */
  paging?: { page: number; taille: number; total: number; onPage: (page: number) => void };
}

/**
 * Entries of a journal (the inalterable one or the technical events): number, date, event,
 * reference and the start of the hash; on a phone, one card per entry.
 */
export function EntreesJournal({ value, loading, label, emptyMessage, paging }: Props) {
  const { timeZone } = useCurrentShop();
  const phone = useIsPhone();
  const date = (e: JournalEntree) => formatDateTime(e.horodatage, timeZone);
  const type = (e: JournalEntree) => JOURNAL_TYPE_LABELS[e.type] ?? e.type;
  const hash = (e: JournalEntree) => <code title={e.hash}>{e.hash.slice(0, 16)}…</code>;
  const first = paging ? (paging.page - 1) * paging.taille : 0;
  if (phone)
    return (
      <CardList
        value={value}
        rowKey={(e) => e.sequence}
        label={label}
        emptyMessage={emptyMessage}
        loading={loading}
        {...(paging && {
          paging: {
            first,
            rows: paging.taille,
            totalRecords: paging.total,
            onPage: (f: number) => paging.onPage(Math.floor(f / paging.taille) + 1),
          },
        })}
        card={(e) => ({
          title: `N° ${e.sequence} · ${type(e)}`,
          details: [date(e), e.reference, hash(e)],
        })}
      />
    );
  return (
    <DataTable
      value={[...value]}
      dataKey="sequence"
      size="small"
      loading={loading}
      emptyMessage={emptyMessage}
      aria-label={label}
      {...(paging && {
        lazy: true,
        paginator: true,
        rows: paging.taille,
        first,
        totalRecords: paging.total,
        onPage: (e: { page?: number }) => paging.onPage((e.page ?? 0) + 1),
      })}
    >
      <Column header="N°" field="sequence" />
      <Column header="Date" body={date} />
      <Column header="Événement" body={type} />
      <Column header="Référence" field="reference" />
      <Column header="Empreinte" body={hash} />
    </DataTable>
  );
}
