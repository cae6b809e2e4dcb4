import { formatQuantity } from '@comptoir/shared';
import { useState } from 'react';
import { requestTextWithProgress, type QueryValue } from './http';
import { writeXlsx } from './xlsx';
import type { NumericColumns } from './xlsx-write';

const count = (n: number) => formatQuantity(n * 1000);

/** What the rows of an export are, received one or many (when the server did not say how many). */
export interface ExportRows {
  un: string;
  plusieurs: string;
}

const LIGNES: ExportRows = { un: 'ligne reçue', plusieurs: 'lignes reçues' };

/** An export under way: the rows received, of how many when the server said it. */
export function exportProgression(rows: number, total: number | null, unit = LIGNES): string {
  if (total === null) return `Export : ${count(rows)} ${rows > 1 ? unit.plusieurs : unit.un}`;
  return `Export : ${count(Math.min(rows, total))} sur ${count(total)}`;
}

/** The workbook being written: its rows so far, then the file compressed once all are in. */
export function classeurProgression(lignes: number, total: number): string {
  if (lignes >= total) return 'Classeur Excel : écriture du fichier…';
  return `Classeur Excel : ${count(lignes)} sur ${count(total)}`;
}

/**
 * A list's CSV export (`…/export.csv`) read as the server writes it: `etape` says how far it
 * stands (« Export : 42 000 sur 100 000 ») for the button to show, `fetchCsv` gives the whole
 * text without its byte-order mark — of every row the list's query matches: its page and size
 * are dropped; `classeur` makes of it a workbook in a Web Worker (lib/xlsx.ts), its progress in
 * `etape` too; `setEtape` tells another step, null when done.
 */
export function useCsvExport(unit = LIGNES) {
  const [etape, setEtape] = useState<string | null>(null);
  const fetchCsv = async (path: string, query?: Record<string, QueryValue>): Promise<string> => {
    setEtape(null);
    const { page: _page, size: _size, ...filters } = query ?? {};
    const text = await requestTextWithProgress(path, { query: filters }, (rows, total) =>
      setEtape(exportProgression(rows, total, unit)),
    );
    return text.replace(/^\uFEFF/, '');
  };
  const classeur = (feuille: string, csv: string, numeric: NumericColumns): Promise<Blob> => {
    setEtape('Classeur Excel…');
    return writeXlsx({ feuille, csv, numeric }, (lignes, total) =>
      setEtape(classeurProgression(lignes, total)),
    );
  };
  return { etape, setEtape, fetchCsv, classeur };
}
