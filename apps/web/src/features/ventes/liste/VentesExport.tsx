import { ExcelExport } from '../../../components/ExcelExport';
import type { QueryValue } from '../../../lib/http';
import { ventePath } from './api';

/** Columns of the server's CSV that hold numbers (numbers in the workbook, not text). */
const NUMERIC_HEADERS = new Set(['Lignes', 'Total TTC', 'Payé', 'Retourné', 'Reste à payer']);

interface Props {
  serviceId: number;
  /** The list's API query (filters and sort); page and size are dropped: every matching sale. */
  query: Record<string, QueryValue>;
}

/**
 * « Exporter Excel » of the sales list: the server's CSV of the filtered list (`…/ventes/export.csv`),
 * its progress on the button, turned into a workbook by the shared ExcelExport.
 */
export function VentesExport({ serviceId, query }: Props) {
  return (
    <ExcelExport
      path={ventePath(serviceId, '/export.csv')}
      query={query}
      sheet="Ventes"
      file="ventes"
      numeric={NUMERIC_HEADERS}
    />
  );
}
