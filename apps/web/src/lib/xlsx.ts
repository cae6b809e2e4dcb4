/**
 * Excel files in the browser, read and written by a Web Worker (xlsx.worker.ts, one per file,
 * ended when done): exceljs, loaded only there, takes seconds for many rows, and the page stays
 * usable meanwhile.
 */
import type { XlsxDemande, XlsxMessage } from './xlsx-protocole';
import type { ClasseurDemande } from './xlsx-write';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const LECTURE_IMPOSSIBLE =
  "Le fichier Excel n'a pas pu être lu : vérifiez qu'il s'agit d'un classeur .xlsx (un ancien fichier .xls s'enregistre en .xlsx depuis le tableur), puis réessayez.";
const ECRITURE_IMPOSSIBLE = "Le classeur Excel n'a pas pu être écrit.";

type Reponse = Exclude<XlsxMessage, { type: 'erreur' }>;

/**
 * One request done by a worker of its own: `recevoir` reads each answer and settles the promise
 * with the last one. The worker's error, or a script that does not load, rejects it with `echec`
 * (the cause in the console): never a silent wait. `signal` ends the worker (rejected, AbortError).
 */
function parLeWorker<T>(
  demande: XlsxDemande,
  transfer: Transferable[],
  echec: string,
  recevoir: (message: Reponse, resolve: (value: T) => void) => void,
  signal?: AbortSignal,
): Promise<T> {
  const worker = new Worker(new URL('./xlsx.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<T>((resolve, reject) => {
    const abandon = () => reject(new DOMException('Abandon', 'AbortError'));
    if (signal?.aborted) abandon();
    signal?.addEventListener('abort', abandon, { once: true });
    const echouer = (cause: unknown) => {
      console.error(echec, cause);
      reject(new Error(echec));
    };
    worker.onmessage = (event: MessageEvent<XlsxMessage>) => {
      const message = event.data;
      if (message.type === 'erreur') echouer(message.message);
      else recevoir(message, resolve);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      echouer(event.message);
    };
    worker.onmessageerror = () => echouer('message du worker illisible');
    worker.postMessage(demande, transfer);
  }).finally(() => worker.terminate());
}

/**
 * The first sheet of an .xlsx file as rows of cell texts (blank rows dropped; see xlsx-read.ts),
 * read by the worker: the bytes are handed over to it (`data` is then empty). `progression` is
 * told the rows of the file read so far, every thousand; its error is in French. `signal` stops
 * the reading.
 */
export function readXlsx(
  data: ArrayBuffer,
  progression?: (lignes: number, total: number) => void,
  signal?: AbortSignal,
): Promise<string[][]> {
  const rows: string[][] = [];
  return parLeWorker<string[][]>(
    { type: 'lire', octets: data },
    [data],
    LECTURE_IMPOSSIBLE,
    (message, resolve) => {
      if (message.type === 'lues') progression?.(message.lignes, message.total);
      else if (message.type === 'rangees') rows.push(...message.rangees);
      else if (message.type === 'lu') resolve(rows);
    },
    signal,
  );
}

/**
 * The workbook of a CSV export, written by the worker: the page stays usable meanwhile.
 * `progression` is told the rows written (all of them when only the file's compression is left).
 */
export function writeXlsx(
  demande: ClasseurDemande,
  progression?: (lignes: number, total: number) => void,
): Promise<Blob> {
  return parLeWorker<Blob>(
    { type: 'ecrire', ...demande },
    [],
    ECRITURE_IMPOSSIBLE,
    (message, resolve) => {
      if (message.type === 'lignes') progression?.(message.lignes, message.total);
      else if (message.type === 'fichier') resolve(new Blob([message.octets], { type: XLSX_TYPE }));
    },
  );
}

export { downloadBlob } from './download';
