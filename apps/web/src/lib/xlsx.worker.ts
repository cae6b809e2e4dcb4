import { lireClasseur } from './xlsx-read';
import type { XlsxDemande, XlsxMessage } from './xlsx-protocole';
import { classeurDepuisCsv } from './xlsx-write';

/**
 * The Web Worker that does the Excel work off the page's thread, the only code that loads exceljs
 * (lib/xlsx.ts starts one per file): it writes an export's workbook (the rows written, then the
 * file's bytes, transferred) or reads an imported file (the rows read, then its rows of texts).
 */
const envoyer = (message: XlsxMessage, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer });

/** Rows of cell texts sent to the page in one message. */
const TRANCHE = 2000;

async function traiter(demande: XlsxDemande): Promise<void> {
  if (demande.type === 'ecrire') {
    const octets = await classeurDepuisCsv(demande, (lignes, total) =>
      envoyer({ type: 'lignes', lignes, total }),
    );
    envoyer({ type: 'fichier', octets }, [octets]);
    return;
  }
  const rangees = await lireClasseur(demande.octets, (lignes, total) =>
    envoyer({ type: 'lues', lignes, total }),
  );
  for (let i = 0; i < rangees.length; i += TRANCHE)
    envoyer({ type: 'rangees', rangees: rangees.slice(i, i + TRANCHE) });
  envoyer({ type: 'lu' });
}

self.onmessage = (event: MessageEvent<XlsxDemande>) => {
  traiter(event.data).catch((error: unknown) =>
    envoyer({ type: 'erreur', message: error instanceof Error ? error.message : String(error) }),
  );
};
