import { PRODUIT_SORTS, type EtatStock, type Produit } from '@comptoir/shared';
import type { ListSpec } from '../../lib/list-params';

/** The products list in the URL: sort among PRODUIT_SORTS, filters catégorie, marque, actif, stock. */
export const PRODUITS_LIST: ListSpec = {
  sorts: PRODUIT_SORTS,
  filters: ['categorieId', 'marqueId', 'actif', 'stock'],
};

export const ETAT_STOCK_LABELS: Record<EtatStock, string> = {
  en_stock: 'En stock',
  sous_seuil: 'Sous le seuil',
  rupture: 'En rupture',
};

/** The badge of a product at or under its alert threshold; null when comfortably in stock. */
export function stockBadge(
  p: Pick<Produit, 'etatStock'>,
): { value: string; severity: 'warning' | 'danger' } | null {
  if (p.etatStock === 'rupture') return { value: 'Rupture', severity: 'danger' };
  if (p.etatStock === 'sous_seuil') return { value: 'Stock bas', severity: 'warning' };
  return null;
}
