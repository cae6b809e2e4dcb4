import { Button } from 'primereact/button';
import { useState } from 'react';
import { parseCsv } from '../../lib/csv';
import { todayIso } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { http, type QueryValue } from '../../lib/http';
import { useToast } from '../../lib/toast';
import { facturePath } from './api';

/** Columns of the server's CSV that hold numbers (numbers in the workbook, not text). */
const NUMERIC_HEADERS = new Set(['Total HT', 'Total TTC', 'Avoirs', 'Reste à payer']);

/**
 * « Exporter Excel » of the invoice list: the server's CSV of the filtered list
 * (`…/factures/export.csv`) turned into a workbook in the browser, loaded on demand.
 */
export function FacturesExport({
  serviceId,
  query,
}: {
  serviceId: number;
  query: Record<string, QueryValue>;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      const { page: _page, size: _size, ...filters } = query;
      const csv = (
        (await http.get<string | undefined>(facturePath(serviceId, '/export.csv'), {
          query: filters,
        })) ?? ''
      ).replace(/^\uFEFF/, '');
      const rows = parseCsv(csv, ';');
      const numeric = new Set(
        (rows[0] ?? []).flatMap((header, index) => (NUMERIC_HEADERS.has(header) ? [index] : [])),
      );
      const { downloadBlob, writeXlsx } = await import('../../lib/xlsx');
      downloadBlob(await writeXlsx('Factures', rows, numeric), `factures-${todayIso()}.xlsx`);
    } catch (error) {
      toast({ severity: 'error', summary: 'L’export a échoué', detail: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      label="Exporter Excel"
      icon="pi pi-file-excel"
      outlined
      loading={busy}
      disabled={busy}
      onClick={() => void run()}
    />
  );
}
