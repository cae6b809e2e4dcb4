import { Button } from 'primereact/button';
import { useState } from 'react';
import { todayIso } from '../lib/dates';
import { errorMessage } from '../lib/errors';
import type { QueryValue } from '../lib/http';
import { useToast } from '../lib/toast';
import { useCsvExport } from '../lib/use-csv-export';
import { downloadBlob } from '../lib/xlsx';

interface Props {
  /** The server's CSV export of the list (`…/export.csv`). */
  path: string;
  /** The list's API query; page and size are dropped: every matching row. */
  query?: Record<string, QueryValue>;
  /** Name of the sheet, and of the file before its day (`achats` → achats-2026-11-24.xlsx). */
  sheet: string;
  file: string;
  /** False: the file is named without the day (`inventaire-12` → inventaire-12.xlsx). */
  dated?: boolean;
  /** Headers of the columns that hold numbers (numbers in the workbook, not text). */
  numeric: ReadonlySet<string>;
}

/**
 * « Exporter Excel » of a list: the server's CSV of the filtered list, read as it is written (the
 * button says « Export : 42 000 sur 100 000 »), turned into a workbook by exceljs in a Web Worker
 * (lib/xlsx.ts), the page usable meanwhile (« Classeur Excel : 42 000 sur 100 000 »).
 */
export function ExcelExport({ path, query, sheet, file, dated = true, numeric }: Props) {
  const [busy, setBusy] = useState(false);
  const { etape, setEtape, fetchCsv, classeur } = useCsvExport();
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      const csv = await fetchCsv(path, query);
      const blob = await classeur(sheet, csv, { headers: [...numeric] });
      downloadBlob(blob, dated ? `${file}-${todayIso()}.xlsx` : `${file}.xlsx`);
    } catch (error) {
      toast({ severity: 'error', summary: "L'export a échoué", detail: errorMessage(error) });
    } finally {
      setBusy(false);
      setEtape(null);
    }
  };
  return (
    <Button
      type="button"
      label={busy && etape ? etape : 'Exporter Excel'}
      icon="pi pi-file-excel"
      outlined
      loading={busy}
      disabled={busy}
      onClick={() => void run()}
    />
  );
}
