import { formatMoney, type Produit } from '@comptoir/shared';
import { ProduitPicker as DocumentProduitPicker } from '../../../components/document/ProduitPicker';

interface Props {
  serviceId: number;
  devise: string;
  onAdd: (produit: Produit) => void;
}

/**
 * Adds a product to a sale or a quote by name, reference or barcode; each match shows its sale
 * price and its stock.
 */
export function ProduitPicker({ serviceId, devise, onAdd }: Props) {
  return (
    <DocumentProduitPicker
      serviceId={serviceId}
      inputId="vente-produit"
      label="Ajouter un article"
      chiffre={(p) => formatMoney(p.prixVente, devise)}
      onAdd={onAdd}
    />
  );
}
