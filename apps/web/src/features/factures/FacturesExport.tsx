import { ExcelExport } from '../../components/ExcelExport';
import type { QueryValue } from '../../lib/http';
import { facturePath } from './api';

/** Columns of the server's CSV that hold numbers (numbers in the workbook, not text). */
const NUMERIC_HEADERS = new Set(['Total HT', 'Total TTC', 'Avoirs', 'Reste à payer']);

/**
 * « Exporter Excel » of the invoice list: the server's CSV of the filtered list
 * (`…/factures/export.csv`) turned into a workbook by the shared ExcelExport.
 */
export function FacturesExport({
  serviceId,
  query,
}: {
  serviceId: number;
  query: Record<string, QueryValue>;
}) {
  return (
    <ExcelExport
      path={facturePath(serviceId, '/export.csv')}
      query={query}
      sheet="Factures"
      file="factures"
      numeric={NUMERIC_HEADERS}
    />
  );
}
