import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Progress } from '../../lib/progress-request';
import {
  autoMapColumns,
  missingColumns,
  type ColumnMappingOf,
  type ColumnSpec,
  type RowError,
} from './columns';
import { readFile } from './read-file';

const PREVIEW_ROWS = 5;

/**
 * A spreadsheet being imported: its rows (headers first) and the column of each field, matched by
 * name when the file is chosen. While the file is read, `lecture` says how far (an Excel file is
 * read by a Web Worker: the page stays usable). `choose` throws a French Error when the file can't
 * be read or has no row under its headers (`empty`); a file chosen meanwhile replaces it.
 */
export function useImportFile<F extends string>(specs: readonly ColumnSpec<F>[], empty: string) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<string[][]>([]);
  const [mapping, setMapping] = useState<ColumnMappingOf<F> | null>(null);
  const [lecture, setLecture] = useState<Progress | null>(null);
  // The reading under way: stopped when another file is chosen, or when the dialog goes.
  const lu = useRef<AbortController | null>(null);
  useEffect(() => () => lu.current?.abort(), []);
  const data = useMemo(() => rows.slice(1), [rows]);
  const choose = async (file: File | undefined) => {
    lu.current?.abort();
    const choix = new AbortController();
    lu.current = choix;
    const courant = () => lu.current === choix;
    setRows([]);
    setMapping(null);
    setLecture(file ? { etape: 'lecture', faites: 0, total: 0 } : null);
    if (!file) return;
    setFileName(file.name);
    let read: string[][];
    try {
      // Each count drawn as it comes (React would fold those of a busy moment into one render).
      read = await readFile(
        file,
        (faites, total) => {
          if (courant()) flushSync(() => setLecture({ etape: 'lecture', faites, total }));
        },
        choix.signal,
      );
    } catch (error) {
      if (courant()) throw error;
      return;
    } finally {
      if (courant()) setLecture(null);
    }
    if (!courant()) return;
    lu.current = null;
    if (read.length < 2) throw new Error(empty);
    setRows(read);
    setMapping(autoMapColumns(specs, read[0] ?? []));
  };
  const setColumn = (field: F, value: string) => {
    if (mapping) setMapping({ ...mapping, [field]: value === '' ? null : Number(value) });
  };
  return {
    specs,
    fileName,
    headers: rows[0] ?? [],
    data,
    mapping,
    lecture,
    missing: mapping ? missingColumns(specs, mapping) : [],
    choose,
    setColumn,
  };
}
export type ImportFile<F extends string> = ReturnType<typeof useImportFile<F>>;

interface Props<F extends string> {
  file: ImportFile<F>;
  /** Prefix of the inputs' ids. */
  idPrefix: string;
  /** Under the file input: the expected headers and number format. */
  hint: ReactNode;
  /** « 500 lignes de produits ». */
  count: (n: number) => string;
  onFile: (file: File | undefined) => void;
  onColumn: (field: F, value: string) => void;
}

/**
 * The file input of an import, then the column chosen for each field (required ones starred, a
 * warning while one is missing) and a preview of the first rows as mapped.
 */
export function ImportFileFields<F extends string>({
  file,
  idPrefix,
  hint,
  count,
  onFile,
  onColumn,
}: Props<F>) {
  const { specs, mapping, headers, data } = file;
  const preview = useMemo(() => {
    if (!mapping) return [];
    return data.slice(0, PREVIEW_ROWS).map((row, index) => {
      const entry: Record<string, string | number> = { ligne: index + 1 };
      for (const { field } of specs) {
        const column = mapping[field];
        entry[field] = column === null ? '' : (row[column] ?? '');
      }
      return entry;
    });
  }, [data, mapping, specs]);
  return (
    <>
      <div className="flex flex-column gap-1">
        <label htmlFor={`${idPrefix}-fichier`} className="font-medium">
          Fichier CSV ou Excel (.xlsx)
        </label>
        <input
          id={`${idPrefix}-fichier`}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <small className="text-color-secondary">{hint}</small>
      </div>
      {mapping && (
        <>
          <p className="m-0">
            {file.fileName} : {count(data.length)}.
          </p>
          <fieldset className="border-1 surface-border border-round p-3">
            <legend className="font-medium px-1">Colonnes du fichier</legend>
            <div className="grid">
              {specs.map(({ field, label, required }) => (
                <div key={field} className="col-12 md:col-4 flex flex-column gap-1">
                  <label htmlFor={`${idPrefix}-col-${field}`}>
                    {label}
                    {required ? ' *' : ''}
                  </label>
                  <select
                    id={`${idPrefix}-col-${field}`}
                    className="p-inputtext p-component"
                    value={mapping[field] ?? ''}
                    onChange={(e) => onColumn(field, e.target.value)}
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
          {file.missing.length > 0 && (
            <Message
              severity="warn"
              text={`Choisissez la colonne de : ${file.missing.join(', ')}.`}
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
            {specs
              .filter(({ field }) => mapping[field] !== null)
              .map(({ field, label }) => (
                <Column key={field} field={field} header={label} />
              ))}
          </DataTable>
        </>
      )}
    </>
  );
}

/** The rows an import refuses: line, field, French message. */
export function ImportErrorsTable({ errors, label }: { errors: RowError[]; label: string }) {
  if (errors.length === 0) return null;
  return (
    <DataTable
      value={errors}
      size="small"
      header="Erreurs"
      aria-label={label}
      paginator={errors.length > 10}
      rows={10}
    >
      <Column field="ligne" header="Ligne" />
      <Column field="champ" header="Champ" />
      <Column field="message" header="Message" />
    </DataTable>
  );
}
