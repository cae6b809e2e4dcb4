import { FACTURE_SORTS } from '@comptoir/shared';
import type { QueryValue } from '../../lib/http';
import type { ListSpec } from '../../lib/list-params';
import { isPeriode, periodeBounds } from '../ventes';

/** The invoice list in the URL: sort among FACTURE_SORTS; period, customer and status filters. */
export const FACTURES_LIST: ListSpec = {
  sorts: FACTURE_SORTS,
  filters: ['periode', 'du', 'au', 'clientId', 'statut'],
};

/** The API query of the list: the period becomes `du`/`au` days; the other filters go as they are. */
export function facturesApiQuery(
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
