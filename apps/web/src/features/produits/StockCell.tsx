import { formatQuantity, type Produit } from '@comptoir/shared';
import { Tag } from 'primereact/tag';
import { stockBadge } from './produits-list';

/** Quantity on hand with its unit, and a badge at or under the alert threshold. */
export function StockCell({
  produit,
}: {
  produit: Pick<Produit, 'quantite' | 'unite' | 'etatStock'>;
}) {
  const badge = stockBadge(produit);
  return (
    <span className="inline-flex flex-wrap align-items-center gap-2">
      <span>
        {formatQuantity(produit.quantite)}&nbsp;{produit.unite.symbole}
      </span>
      {badge && <Tag value={badge.value} severity={badge.severity} />}
    </span>
  );
}
