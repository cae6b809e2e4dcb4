import type { Vente } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useReceiptShop } from '../ticket/api';
import { useReceiptPrinter } from '../ticket/ReceiptPanel';
import type { ReceiptWidth } from '../ticket/receipt-format';

const WIDTHS = [
  { label: '80 mm', value: '80' },
  { label: '58 mm', value: '58' },
];

/**
 * « Réimprimer le ticket »: the receipt layout of the point of sale on an 80 or 58 mm roll; the
 * print is recorded (POST …/impressions) and every print after the first says « DUPLICATA ».
 */
export function Reimpression({
  serviceId,
  vente,
  largeur,
  onLargeur,
}: {
  serviceId: number;
  vente: Vente;
  largeur: ReceiptWidth;
  onLargeur: (l: ReceiptWidth) => void;
}) {
  const shop = useReceiptShop(serviceId);
  const { print } = useReceiptPrinter(serviceId, vente, shop.data);
  const [busy, setBusy] = useState(false);
  return (
    <span className="p-inputgroup w-auto">
      <Dropdown
        inputId="ticket-largeur"
        value={largeur}
        options={WIDTHS}
        onChange={(e) => onLargeur(e.value as ReceiptWidth)}
        aria-label="Largeur du ticket"
      />
      <Button
        type="button"
        label="Réimprimer le ticket"
        icon="pi pi-print"
        outlined
        loading={busy}
        disabled={!shop.data}
        onClick={() => {
          setBusy(true);
          void print(largeur).finally(() => setBusy(false));
        }}
      />
    </span>
  );
}
