import { Button } from 'primereact/button';
import { Suspense, lazy, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import type { QueryValue } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { useToast } from '../../../lib/toast';
import { useCsvExport } from '../../../lib/use-csv-export';
import { downloadBlob } from '../../../lib/download';

const ImportProduitsDialog = lazy(() =>
  import('./ImportProduitsDialog').then((m) => ({ default: m.ImportProduitsDialog })),
);

/** Columns of the server's CSV that hold numbers (written as numbers in the Excel file). */
const NUMERIC_HEADERS = [
  "Prix d'achat",
  'Prix de vente',
  'Prix de gros',
  'TVA (%)',
  "Seuil d'alerte",
  'Quantité',
  'Valeur du stock',
];

interface Props {
  serviceId: number;
  devise: string | null;
  /** The list's query (filters, search, sort); page and size are dropped: the export is the whole filtered list. */
  query: Record<string, QueryValue>;
}

const PRODUITS = { un: 'produit reçu', plusieurs: 'produits reçus' };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * « Importer », « Exporter CSV » and « Exporter Excel » of the products list. Both exports start from
 * the server's CSV of the filtered list (`…/produits/export.csv`); the Excel file is that CSV turned
 * into a workbook in a Web Worker (lib/xlsx.ts), the page usable meanwhile.
 */
export function ProduitsImportExport({ serviceId, devise, query }: Props) {
  // The dialog stays mounted while an import runs hidden, the list usable behind it.
  const [importing, setImportingState] = useState<'visible' | 'hidden' | null>(null);
  const [importBusy, setImportBusy] = useState(false);
  // Read when an import ends, by a callback made when it started.
  const importingNow = useRef(importing);
  const setImporting = (state: typeof importing) => {
    importingNow.current = state;
    setImportingState(state);
  };
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  // How far the export stands: the products received (of how many), then the workbook written.
  const { etape, setEtape, fetchCsv, classeur } = useCsvExport(PRODUITS);
  const toast = useToast();

  const exportAs = async (kind: 'csv' | 'xlsx') => {
    setExporting(kind);
    try {
      const csv = await fetchCsv(shopPath(serviceId, 'produits/export.csv'), query);
      if (kind === 'csv') {
        downloadBlob(
          new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }),
          `produits-${today()}.csv`,
        );
      } else {
        const blob = await classeur('Produits', csv, { headers: NUMERIC_HEADERS });
        downloadBlob(blob, `produits-${today()}.xlsx`);
      }
    } catch (error) {
      toast({ severity: 'error', summary: "L'export a échoué", detail: errorMessage(error) });
    } finally {
      setExporting(null);
      setEtape(null);
    }
  };

  return (
    <>
      <Button
        type="button"
        label={importBusy && importing === 'hidden' ? 'Import en cours…' : 'Importer'}
        icon={importBusy && importing === 'hidden' ? 'pi pi-spin pi-spinner' : 'pi pi-upload'}
        outlined
        onClick={() => setImporting('visible')}
      />
      <Button
        type="button"
        label={exporting === 'csv' && etape ? etape : 'Exporter CSV'}
        icon="pi pi-file"
        outlined
        loading={exporting === 'csv'}
        disabled={exporting !== null}
        onClick={() => void exportAs('csv')}
      />
      <Button
        type="button"
        label={exporting === 'xlsx' && etape ? etape : 'Exporter Excel'}
        icon="pi pi-file-excel"
        outlined
        loading={exporting === 'xlsx'}
        disabled={exporting !== null}
        onClick={() => void exportAs('xlsx')}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportProduitsDialog
            serviceId={serviceId}
            devise={devise}
            visible={importing === 'visible'}
            onHide={() => setImporting(importBusy ? 'hidden' : null)}
            onBusy={setImportBusy}
            onOutcome={(outcome) => {
              if (importingNow.current !== 'hidden') return;
              setImporting(null);
              toast({
                severity: outcome.severity,
                summary: 'Import de produits',
                detail: outcome.text,
                life: 10000,
              });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
