import { formatMoney, type Vente } from '@comptoir/shared';
import { Dialog } from 'primereact/dialog';
import { RecuHorsLigne } from '../hors-ligne/RecuHorsLigne';
import { ReceiptPanel } from '../ticket/ReceiptPanel';
import type { ReceiptShop } from '../ticket/receipt-format';

/** The recorded sale at the counter: its total, the change, its receipt (Échap or F6: next sale). */
export function VenteEnregistree({
  serviceId,
  vente,
  shop,
  onClose,
}: {
  serviceId: number;
  vente: Vente;
  shop: ReceiptShop | undefined;
  onClose: () => void;
}) {
  const money = (m: number) => formatMoney(m, vente.devise);
  return (
    <Dialog
      header={`Vente ${vente.numero} enregistrée`}
      visible
      onHide={onClose}
      className="pos-receipt-dialog"
      breakpoints={{ '640px': '100vw' }}
      modal
    >
      <p className="mt-0">
        Total {money(vente.totalTtc)}
        {vente.rendu > 0 && <strong> — monnaie rendue {money(vente.rendu)}</strong>}. Échap ou F6 :
        nouvelle vente.
      </p>
      {vente.id > 0 ? (
        <ReceiptPanel serviceId={serviceId} vente={vente} shop={shop} autoFocus autoPrint />
      ) : (
        <RecuHorsLigne vente={vente} shop={shop} />
      )}
    </Dialog>
  );
}
