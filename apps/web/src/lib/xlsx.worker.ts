import { classeurDepuisCsv, type ClasseurDemande, type ClasseurMessage } from './xlsx-write';

/**
 * The Web Worker that writes an export's workbook off the page's thread (lib/xlsx.ts `writeXlsx`
 * starts one per export): it reports the rows written, then sends the file's bytes, transferred.
 */
const envoyer = (message: ClasseurMessage, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer });

self.onmessage = (event: MessageEvent<ClasseurDemande>) => {
  classeurDepuisCsv(event.data, (lignes, total) => envoyer({ type: 'lignes', lignes, total }))
    .then((octets) => envoyer({ type: 'fichier', octets }, [octets]))
    .catch((error: unknown) =>
      envoyer({ type: 'erreur', message: error instanceof Error ? error.message : String(error) }),
    );
};
