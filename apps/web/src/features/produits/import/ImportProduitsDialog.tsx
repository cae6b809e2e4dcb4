import type { ProduitImportLigne, ProduitImportResult } from '@comptoir/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/errors';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import {
  IMPORT_FIELDS,
  autoMap,
  convertRows,
  missingRequired,
  serverRowErrors,
  type ColumnMapping,
  type ImportField,
  type RowError,
} from './mapping';
import { readFile } from './read-file';

const PREVIEW_ROWS = 5;

interface Props {
  serviceId: number;
  devise: string | null;
  onHide: () => void;
}

interface Outcome {
  severity: 'success' | 'error' | 'info';
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * Import of products from a CSV or Excel file: columns mapped to fields (matched by their French
 * headers), preview of the first rows, « Vérifier » (dry run) and « Importer » (all or nothing),
 * every bad row named with its field and a French message.
 */
export function ImportProduitsDialog({ serviceId, devise, onHide }: Props) {
  const queryClient = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<string[][]>([]);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const headers = rows[0] ?? [];
  const data = useMemo(() => rows.slice(1), [rows]);
  const missing = mapping ? missingRequired(mapping) : [];

  const reset = () => {
    setErrors([]);
    setOutcome(null);
  };

  const onFile = async (file: File | undefined) => {
    reset();
    setRows([]);
    setMapping(null);
    if (!file) return;
    setFileName(file.name);
    try {
      const read = await readFile(file);
      if (read.length < 2)
        throw new Error('Le fichier ne contient aucune ligne de produit sous ses en-têtes.');
      setRows(read);
      setMapping(autoMap(read[0] ?? []));
    } catch (error) {
      setOutcome({
        severity: 'error',
        text:
          error instanceof Error && !(error instanceof ApiError)
            ? error.message
            : errorMessage(error),
      });
    }
  };

  const preview = useMemo(() => {
    if (!mapping) return [];
    return data.slice(0, PREVIEW_ROWS).map((row, index) => {
      const entry: Record<string, string | number> = { ligne: index + 1 };
      for (const { field } of IMPORT_FIELDS) {
        const column = mapping[field];
        entry[field] = column === null ? '' : (row[column] ?? '');
      }
      return entry;
    });
  }, [data, mapping]);

  const send = async (dryRun: boolean) => {
    if (!mapping || !devise) return;
    reset();
    const converted = convertRows(data, mapping, devise);
    if (converted.errors.length > 0) {
      const bad = new Set(converted.errors.map((e) => e.ligne)).size;
      setErrors(converted.errors);
      setOutcome({
        severity: 'error',
        text: `${plural(bad, 'ligne comporte', 'lignes comportent')} des erreurs : rien n'a été importé.`,
      });
      return;
    }
    setBusy(true);
    try {
      const result = await http.post<ProduitImportResult>(shopPath(serviceId, 'produits/import'), {
        lignes: converted.lignes satisfies ProduitImportLigne[],
        dryRun,
      });
      if (dryRun) {
        setOutcome({
          severity: 'info',
          text: `${plural(result.lignes, 'ligne vérifiée', 'lignes vérifiées')} : aucune erreur, prêt à importer.`,
        });
      } else {
        const created = [
          result.categoriesCreees.length > 0
            ? `Catégories créées : ${result.categoriesCreees.join(', ')}.`
            : '',
          result.marquesCreees.length > 0
            ? `Marques créées : ${result.marquesCreees.join(', ')}.`
            : '',
        ].filter(Boolean);
        setOutcome({
          severity: 'success',
          text: [
            `${plural(result.importes, 'produit importé', 'produits importés')}.`,
            ...created,
          ].join(' '),
        });
        await Promise.all(
          [
            ['produits', serviceId],
            ['categories', serviceId],
            ['marques', serviceId],
          ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      }
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverRowErrors(error.fieldErrors));
      setOutcome({ severity: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const setColumn = (field: ImportField, value: string) => {
    reset();
    if (mapping) setMapping({ ...mapping, [field]: value === '' ? null : Number(value) });
  };

  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label="Fermer" text onClick={onHide} />
      <Button
        type="button"
        label="Vérifier"
        icon="pi pi-check-square"
        outlined
        loading={busy}
        disabled={!mapping || missing.length > 0 || !devise || busy}
        onClick={() => void send(true)}
      />
      <Button
        type="button"
        label="Importer"
        icon="pi pi-upload"
        loading={busy}
        disabled={!mapping || missing.length > 0 || !devise || busy}
        onClick={() => void send(false)}
      />
    </div>
  );

  return (
    <Dialog
      header="Importer des produits"
      visible
      onHide={onHide}
      footer={footer}
      style={{ width: '64rem' }}
      breakpoints={{ '960px': '95vw' }}
      modal
    >
      <div className="flex flex-column gap-3">
        <div className="flex flex-column gap-1">
          <label htmlFor="import-fichier" className="font-medium">
            Fichier CSV ou Excel (.xlsx)
          </label>
          <input
            id="import-fichier"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <small className="text-color-secondary">
            Première ligne : les en-têtes (Nom, Référence, Code-barres, Catégorie, Marque, Unité,
            Prix d'achat, Prix de vente, Prix de gros, TVA (%), Seuil d'alerte, Stock initial).
            Montants et quantités comme dans un tableur français : « 1 234,50 », « 2 500 ».
          </small>
        </div>

        {mapping && (
          <>
            <p className="m-0">
              {fileName} : {plural(data.length, 'ligne', 'lignes')} de produits.
            </p>
            <fieldset className="border-1 surface-border border-round p-3">
              <legend className="font-medium px-1">Colonnes du fichier</legend>
              <div className="grid">
                {IMPORT_FIELDS.map(({ field, label, required }) => (
                  <div key={field} className="col-12 md:col-4 flex flex-column gap-1">
                    <label htmlFor={`import-col-${field}`}>
                      {label}
                      {required ? ' *' : ''}
                    </label>
                    <select
                      id={`import-col-${field}`}
                      className="p-inputtext p-component"
                      value={mapping[field] ?? ''}
                      onChange={(e) => setColumn(field, e.target.value)}
                    >
                      <option value="">— Ne pas importer —</option>
                      {headers.map((header, index) => (
                        <option key={index} value={index}>
                          {header || `Colonne ${index + 1}`}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
            </fieldset>
            {missing.length > 0 && (
              <Message
                severity="warn"
                text={`Choisissez la colonne de : ${missing.join(', ')}.`}
                className="w-full justify-content-start"
              />
            )}
            <DataTable
              value={preview}
              size="small"
              header="Aperçu des premières lignes"
              aria-label="Aperçu"
              scrollable
            >
              <Column field="ligne" header="Ligne" />
              {IMPORT_FIELDS.filter(({ field }) => mapping[field] !== null).map(
                ({ field, label }) => (
                  <Column key={field} field={field} header={label} />
                ),
              )}
            </DataTable>
          </>
        )}

        {outcome && (
          <Message
            severity={outcome.severity}
            text={outcome.text}
            className="w-full justify-content-start"
            role={outcome.severity === 'error' ? 'alert' : 'status'}
          />
        )}

        {errors.length > 0 && (
          <DataTable
            value={errors}
            size="small"
            header="Erreurs"
            aria-label="Erreurs de l'import"
            paginator={errors.length > 10}
            rows={10}
          >
            <Column field="ligne" header="Ligne" />
            <Column field="champ" header="Champ" />
            <Column field="message" header="Message" />
          </DataTable>
        )}
      </div>
    </Dialog>
  );
}
