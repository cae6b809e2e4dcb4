import { Button } from 'primereact/button';
import { useState } from 'react';
import { todayIso } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { http, type QueryValue } from '../../../lib/http';
import { useToast } from '../../../lib/toast';
import { parseCsv } from '../../../lib/csv';
import { ventePath } from './api';

/** Columns of the server's CSV that hold numbers (numbers in the workbook, not text). */
const NUMERIC_HEADERS = new Set(['Lignes', 'Total TTC', 'Payé', 'Retourné', 'Reste à payer']);

interface Props {
  serviceId: number;
  /** The list's API query (filters and sort); page and size are dropped: every matching sale. */
  query: Record<string, QueryValue>;
}

/**
 * « Exporter Excel » of the sales list: the server's CSV of the filtered list (`…/ventes/export.csv`)
 * turned into a workbook in the browser by exceljs, loaded on demand (the products' helper).
 */
export function VentesExport({ serviceId, query }: Props) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      const { page: _page, size: _size, ...filters } = query;
      const csv = (
        (await http.get<string | undefined>(ventePath(serviceId, '/export.csv'), {
          query: filters,
        })) ?? ''
      ).replace(/^\uFEFF/, '');
      const rows = parseCsv(csv, ';');
      const numeric = new Set(
        (rows[0] ?? []).flatMap((header, index) => (NUMERIC_HEADERS.has(header) ? [index] : [])),
      );
      const { downloadBlob, writeXlsx } = await import('../../../lib/xlsx');
      downloadBlob(await writeXlsx('Ventes', rows, numeric), `ventes-${todayIso()}.xlsx`);
    } catch (error) {
      toast({ severity: 'error', summary: "L'export a échoué", detail: errorMessage(error) });
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
