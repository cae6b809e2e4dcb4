import { VENTE_SORTS } from '@comptoir/shared';
import type { QueryValue } from '../../../lib/http';
import type { ListSpec } from '../../../lib/list-params';
import { periodeApiQuery } from './periode';

/**
 * The sales list in the URL: sort among VENTE_SORTS; period, seller, customer, mode, mobile-money
 * operator (from the dashboard's links) and status filters.
 */
export const VENTES_LIST: ListSpec = {
  sorts: VENTE_SORTS,
  filters: ['periode', 'du', 'au', 'vendeurId', 'clientId', 'mode', 'operateur', 'statut'],
};

/** The API query of the list: the period becomes `du`/`au`, days of the shop's clock (`timeZone`). */
export function ventesApiQuery(
  query: Record<string, QueryValue>,
  now: Date,
  timeZone: string,
): Record<string, QueryValue> {
  return periodeApiQuery(query, now, timeZone);
}
