import type { Vente } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { printReceipt } from '../ticket/print';
import { Receipt } from '../ticket/Receipt';
import type { ReceiptShop } from '../ticket/receipt-format';

/** The receipt of a sale made without the network: printed at once with its register number. */
export function RecuHorsLigne({ vente, shop }: { vente: Vente; shop: ReceiptShop | undefined }) {
  useEffect(() => {
    if (!shop) return;
    const timer = setTimeout(
      () => void printReceipt({ vente, shop, largeur: '80', duplicata: false }),
      50,
    );
    return () => clearTimeout(timer);
  }, [vente, shop]);
  return (
    <div className="flex flex-column gap-3 align-items-center">
      <p className="m-0">Vente enregistrée sur la caisse : elle partira au retour du réseau.</p>
      <Button
        type="button"
        icon="pi pi-print"
        label="Réimprimer"
        disabled={!shop}
        onClick={() => shop && void printReceipt({ vente, shop, largeur: '80', duplicata: true })}
        autoFocus
      />
      <div className="receipt-preview">
        {shop && <Receipt vente={vente} shop={shop} largeur="80" duplicata={false} />}
      </div>
    </div>
  );
}
