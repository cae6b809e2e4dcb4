import type { QueryValue } from '../../lib/http';
import type { ListSpec } from '../../lib/list-params';
import { RAPPORT_PRODUITS_SORTS } from '@comptoir/shared';
import { periodeApiQuery } from '../ventes';

/**
 * The product report's URL state: sort, period, and the product (category, brand, one product from
 * the dashboard's links), seller and sale-type filters.
 */
export const RAPPORT_LIST: ListSpec = {
  sorts: RAPPORT_PRODUITS_SORTS,
  filters: [
    'periode',
    'du',
    'au',
    'categorieId',
    'marqueId',
    'vendeurId',
    'typeVenteId',
    'produitId',
  ],
};

/**
 * The API query of the product report: the period (this month by default) becomes `du`/`au`, days
 * of the shop's clock (`timeZone`), not the browser's; the other filters pass as they are.
 */
export function rapportApiQuery(
  query: Record<string, QueryValue>,
  now: Date,
  timeZone: string,
): Record<string, QueryValue> {
  return periodeApiQuery(query, now, timeZone, 'mois');
}
