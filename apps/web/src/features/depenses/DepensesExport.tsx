import { Button } from 'primereact/button';
import { useState } from 'react';
import { parseCsv } from '../../lib/csv';
import { todayIso } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { http, type QueryValue } from '../../lib/http';
import { useToast } from '../../lib/toast';
import { depensePath } from './api';

interface Props {
  serviceId: number;
  /** The list's API query; page and size are dropped: every matching expense. */
  query: Record<string, QueryValue>;
}

/**
 * « Exporter Excel » of the expenses: the server's CSV of the filtered list turned into a workbook
 * in the browser (lib/xlsx.ts, loaded on demand), as the sales list does; amounts are numbers.
 */
export function DepensesExport({ serviceId, query }: Props) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      const { page: _page, size: _size, ...filters } = query;
      const csv = (
        (await http.get<string | undefined>(depensePath(serviceId, '/export.csv'), {
          query: filters,
        })) ?? ''
      ).replace(/^\uFEFF/, '');
      const rows = parseCsv(csv, ';');
      const numeric = new Set((rows[0] ?? []).flatMap((h, i) => (h === 'Montant' ? [i] : [])));
      const { downloadBlob, writeXlsx } = await import('../../lib/xlsx');
      downloadBlob(await writeXlsx('Dépenses', rows, numeric), `depenses-${todayIso()}.xlsx`);
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
