import { Button } from 'primereact/button';
import { useState } from 'react';
import { parseCsv } from '../lib/csv';
import { todayIso } from '../lib/dates';
import { errorMessage } from '../lib/errors';
import { http, type QueryValue } from '../lib/http';
import { useToast } from '../lib/toast';

interface Props {
  /** The server's CSV export of the list (`…/export.csv`). */
  path: string;
  /** The list's API query; page and size are dropped: every matching row. */
  query: Record<string, QueryValue>;
  /** Name of the sheet, and of the file before its day (`achats` → achats-2026-11-24.xlsx). */
  sheet: string;
  file: string;
  /** Headers of the columns that hold numbers (numbers in the workbook, not text). */
  numeric: ReadonlySet<string>;
}

/**
 * « Exporter Excel » of a list: the server's CSV of the filtered list turned into a workbook in
 * the browser by exceljs (lib/xlsx.ts, loaded on demand).
 */
export function ExcelExport({ path, query, sheet, file, numeric }: Props) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      const { page: _page, size: _size, ...filters } = query;
      const csv = ((await http.get<string | undefined>(path, { query: filters })) ?? '').replace(
        /^\uFEFF/,
        '',
      );
      const rows = parseCsv(csv, ';');
      const columns = new Set((rows[0] ?? []).flatMap((h, i) => (numeric.has(h) ? [i] : [])));
      const { downloadBlob, writeXlsx } = await import('../lib/xlsx');
      downloadBlob(await writeXlsx(sheet, rows, columns), `${file}-${todayIso()}.xlsx`);
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
