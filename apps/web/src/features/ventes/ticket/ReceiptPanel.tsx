import type { Vente } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback, useEffect, useState } from 'react';
import { useFeedback } from '../../../lib/use-feedback';
import { downloadBlob } from '../../../lib/download';
import { fetchTicketPdf, recordImpression, shareTicket, ticketFileName } from './api';
import { printReceipt } from './print';
import { Receipt } from './Receipt';
import type { ReceiptShop, ReceiptWidth } from './receipt-format';

const WIDTHS = [
  { label: '80 mm', value: '80' },
  { label: '58 mm', value: '58' },
];

/**
 * Prints a receipt and records the print: the server counts them, and every print after the
 * first says « DUPLICATA ». When recording fails (offline), the receipt still prints, marked as
 * a duplicate if one was already printed.
 */
export function useReceiptPrinter(serviceId: number, vente: Vente, shop: ReceiptShop | undefined) {
  const [impressions, setImpressions] = useState(vente.impressions);
  const feedback = useFeedback();
  const print = useCallback(
    async (largeur: ReceiptWidth) => {
      if (!shop) return;
      let duplicata = impressions > 0;
      try {
        const done = await recordImpression(serviceId, vente.id);
        duplicata = done.duplicata;
        setImpressions(done.impressions);
      } catch (error) {
        feedback.actionError("L'impression n'a pas pu être enregistrée")(error);
      }
      await printReceipt({ vente, shop, largeur, duplicata });
    },
    [serviceId, vente, shop, impressions, feedback],
  );
  return { impressions, print };
}

interface Props {
  serviceId: number;
  vente: Vente;
  shop: ReceiptShop | undefined;
  /** Focus on « Imprimer » when shown (keyboard flow of the point of sale). */
  autoFocus?: boolean;
  /** Print at once when shown (a sale just validated), once per sale. */
  autoPrint?: boolean;
}

const autoPrinted = new Set<number>();

/** The receipt on screen with « Imprimer » (80 or 58 mm), « Télécharger le PDF » and « Partager ». */
export function ReceiptPanel({ serviceId, vente, shop, autoFocus, autoPrint }: Props) {
  const [largeur, setLargeur] = useState<ReceiptWidth>('80');
  const { impressions, print } = useReceiptPrinter(serviceId, vente, shop);
  useEffect(() => {
    if (!autoPrint || !shop || autoPrinted.has(vente.id) || vente.impressions > 0) return;
    autoPrinted.add(vente.id);
    // After the dialog has painted, so that the preview is on screen when the print dialog opens.
    const timer = setTimeout(() => void print('80'), 50);
    return () => clearTimeout(timer);
  }, [autoPrint, shop, vente, print]);
  // Just after a sale the preview is the receipt that was printed at validation (the original);
  // elsewhere, and once reprinted, it shows what the next print is: a duplicate.
  const previewOriginals = autoPrint ? 1 : 0;
  const [busy, setBusy] = useState<null | 'pdf' | 'share'>(null);
  const feedback = useFeedback();

  const withPdf = async (kind: 'pdf' | 'share') => {
    setBusy(kind);
    try {
      const blob = await fetchTicketPdf(serviceId, vente.id, largeur);
      if (kind === 'pdf') downloadBlob(blob, ticketFileName(vente));
      else await shareTicket(blob, vente);
    } catch (error) {
      feedback.actionError('Le ticket PDF est indisponible')(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-column gap-3 align-items-center">
      <div className="flex flex-wrap gap-2 justify-content-center align-items-center">
        <SelectButton
          value={largeur}
          options={WIDTHS}
          onChange={(e) => e.value && setLargeur(e.value as ReceiptWidth)}
          allowEmpty={false}
          aria-label="Largeur du ticket"
        />
        <Button
          type="button"
          icon="pi pi-print"
          label={impressions > 0 ? 'Réimprimer' : 'Imprimer'}
          onClick={() => void print(largeur)}
          disabled={!shop}
          autoFocus={autoFocus}
        />
        <Button
          type="button"
          icon="pi pi-download"
          label="Télécharger le PDF"
          severity="secondary"
          loading={busy === 'pdf'}
          onClick={() => void withPdf('pdf')}
        />
        <Button
          type="button"
          icon="pi pi-share-alt"
          label="Partager"
          severity="secondary"
          loading={busy === 'share'}
          onClick={() => void withPdf('share')}
        />
      </div>
      <div className="receipt-preview">
        {shop && (
          <Receipt
            vente={vente}
            shop={shop}
            largeur={largeur}
            duplicata={impressions > previewOriginals}
          />
        )}
      </div>
    </div>
  );
}
