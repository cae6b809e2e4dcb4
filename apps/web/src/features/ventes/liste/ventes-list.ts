import { VENTE_SORTS } from '@comptoir/shared';
import type { QueryValue } from '../../../lib/http';
import type { ListSpec } from '../../../lib/list-params';
import { isPeriode, periodeBounds } from './periode';

/** The sales list in the URL: sort among VENTE_SORTS; period, seller, customer, mode and status filters. */
export const VENTES_LIST: ListSpec = {
  sorts: VENTE_SORTS,
  filters: ['periode', 'du', 'au', 'vendeurId', 'clientId', 'mode', 'statut'],
};

/** The API query of the list: the period becomes `du`/`au` days; the other filters go as they are. */
export function ventesApiQuery(
  query: Record<string, QueryValue>,
  now = new Date(),
): Record<string, QueryValue> {
  const { periode, du, au, ...rest } = query;
  const p = typeof periode === 'string' && isPeriode(periode) ? periode : undefined;
  return {
    ...rest,
    ...periodeBounds(
      p,
      now,
      typeof du === 'string' ? du : undefined,
      typeof au === 'string' ? au : undefined,
    ),
  };
}
