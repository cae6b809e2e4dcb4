import type { DataTableStateEvent } from 'primereact/datatable';
import { PAGE_SIZES, sortFromTable, tableSort } from '../lib/list-params';
import type { useListParams } from '../lib/use-list-params';

type ListParams = ReturnType<typeof useListParams>;

/**
 * The props that make a PrimeReact DataTable a server-paged list driven by the URL: page, size and
 * sort come from the URL and go back to it; the server pages, sorts and searches.
 */
export function pagedTableProps(list: ListParams, totalRecords: number) {
  const { page, size } = list.state;
  return {
    lazy: true as const,
    paginator: true,
    removableSort: true,
    first: (page - 1) * size,
    rows: size,
    totalRecords,
    rowsPerPageOptions: [...PAGE_SIZES],
    ...tableSort(list.state.sort),
    onPage: (e: DataTableStateEvent) => list.setPage(Math.floor(e.first / e.rows) + 1, e.rows),
    onSort: (e: DataTableStateEvent) => list.setSort(sortFromTable(e.sortField, e.sortOrder)),
    paginatorTemplate:
      'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
    currentPageReportTemplate: '{first} à {last} sur {totalRecords}',
  };
}

/** The same paging for the phone's card list (`CardList`). */
export function pagedCardsProps(list: ListParams, totalRecords: number) {
  const { page, size } = list.state;
  return {
    first: (page - 1) * size,
    rows: size,
    totalRecords,
    onPage: (first: number, rows: number) => list.setPage(Math.floor(first / rows) + 1, rows),
  };
}
