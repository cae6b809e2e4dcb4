import { Button } from 'primereact/button';
import { useState } from 'react';
import { todayIso } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import type { QueryValue } from '../../lib/http';
import { useToast } from '../../lib/toast';
import { useCsvExport } from '../../lib/use-csv-export';
import { downloadBlob } from '../../lib/download';
import { rapportPath } from './api';

/** The first columns of the server's CSV are text (name, reference, category, brand, unit). */
const TEXT_COLUMNS = 5;

interface Props {
  serviceId: number;
  /** The report's API query; page and size are dropped: every product of the filtered set. */
  query: Record<string, QueryValue>;
}

/**
 * « Exporter Excel » and « CSV » of the product report: the server's CSV of the filtered, sorted
 * report (`…/rapports/produits/export.csv`), read as it is written (its progress on the button),
 * as is or turned into a workbook in a Web Worker (lib/xlsx.ts) with its figures as numbers.
 */
export function RapportExport({ serviceId, query }: Props) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const { etape, setEtape, fetchCsv, classeur } = useCsvExport();
  const toast = useToast();
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    try {
      const csv = await fetchCsv(rapportPath(serviceId, 'produits/export.csv'), query);
      const name = `rapport-produits-${todayIso()}`;
      if (kind === 'csv') {
        downloadBlob(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
        return;
      }
      const blob = await classeur('Rapport produits', csv, { from: TEXT_COLUMNS });
      downloadBlob(blob, `${name}.xlsx`);
    } catch (error) {
      toast({ severity: 'error', summary: "L'export a échoué", detail: errorMessage(error) });
    } finally {
      setBusy(null);
      setEtape(null);
    }
  };
  return (
    <>
      <Button
        type="button"
        label={busy === 'xlsx' && etape ? etape : 'Exporter Excel'}
        icon="pi pi-file-excel"
        outlined
        loading={busy === 'xlsx'}
        disabled={busy !== null}
        onClick={() => void run('xlsx')}
      />
      <Button
        type="button"
        label={busy === 'csv' && etape ? etape : 'CSV'}
        icon="pi pi-download"
        outlined
        loading={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => void run('csv')}
      />
    </>
  );
}
