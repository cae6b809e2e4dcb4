import type { Impression, ServiceDetail, Vente } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { downloadBlob } from '../../../lib/download';
import type { ReceiptWidth } from './receipt-format';

/** The shop as its receipts show it (header, footer, address, legal ids, VAT). */
export const useReceiptShop = (serviceId: number) =>
  useQuery({
    queryKey: ['services', serviceId, 'detail'],
    queryFn: () => http.get<ServiceDetail>(`/api/services/${serviceId}`),
    staleTime: 5 * 60_000,
  });

const ventePath = (serviceId: number, venteId: number, rest: string) =>
  shopPath(serviceId, `ventes/${venteId}/${rest}`);

/** Records one printed receipt; every one after the first is a duplicate. */
export const recordImpression = (serviceId: number, venteId: number) =>
  http.post<Impression>(ventePath(serviceId, venteId, 'impressions'));

/** The receipt as a PDF made by the server (`ticket.pdf?largeur=80|58`). */
export const fetchTicketPdf = (serviceId: number, venteId: number, largeur: ReceiptWidth) =>
  http.blob(ventePath(serviceId, venteId, 'ticket.pdf'), { query: { largeur } });

export const ticketFileName = (vente: Pick<Vente, 'numero'>) => `ticket-${vente.numero}.pdf`;

/**
 * Shares the PDF through the Web Share API when the device can share files (phones), else
 * downloads it. Returns what happened.
 */
export async function shareTicket(
  blob: Blob,
  vente: Pick<Vente, 'numero'>,
): Promise<'partage' | 'telecharge' | 'annule'> {
  const file = new File([blob], ticketFileName(vente), { type: 'application/pdf' });
  const data = { files: [file], title: `Ticket ${vente.numero}` };
  if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
    try {
      await navigator.share(data);
      return 'partage';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'annule';
      throw error;
    }
  }
  downloadBlob(blob, ticketFileName(vente));
  return 'telecharge';
}
