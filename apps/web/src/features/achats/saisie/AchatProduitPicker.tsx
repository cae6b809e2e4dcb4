import { formatMoney, type Produit } from '@comptoir/shared';
import { ProduitPicker } from '../../../components/document/ProduitPicker';

interface Props {
  serviceId: number;
  devise: string;
  onAdd: (produit: Produit) => void;
  /** « Nouveau produit » with what was typed. */
  onNew: (text: string) => void;
}

/**
 * Adds a product to the purchase by name, reference or barcode (a scanned barcode and Entrée add
 * its product); each match shows its last cost and its stock. A product not found is created
 * from the line (« Nouveau produit »).
 */
export function AchatProduitPicker({ serviceId, devise, onAdd, onNew }: Props) {
  return (
    <ProduitPicker
      serviceId={serviceId}
      inputId="achat-produit"
      label="Ajouter un produit"
      chiffre={(p) => `Coût : ${formatMoney(p.prixAchat, devise)}`}
      onAdd={onAdd}
      action={{ label: 'Nouveau produit', icon: 'pi pi-plus', onClick: onNew }}
    />
  );
}
