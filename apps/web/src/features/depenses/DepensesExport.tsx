import { ExcelExport } from '../../components/ExcelExport';
import type { QueryValue } from '../../lib/http';
import { depensePath } from './api';

/** The column of the server's CSV that holds numbers: amounts are numbers in the workbook. */
const NUMERIC_HEADERS = new Set(['Montant']);

interface Props {
  serviceId: number;
  /** The list's API query; page and size are dropped: every matching expense. */
  query: Record<string, QueryValue>;
}

/**
 * « Exporter Excel » of the expenses: the server's CSV of the filtered list, its progress on the
 * button, turned into a workbook by the shared ExcelExport.
 */
export function DepensesExport({ serviceId, query }: Props) {
  return (
    <ExcelExport
      path={depensePath(serviceId, '/export.csv')}
      query={query}
      sheet="Dépenses"
      file="depenses"
      numeric={NUMERIC_HEADERS}
    />
  );
}
