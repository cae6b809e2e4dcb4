import { ACHAT_SORTS } from '@comptoir/shared';
import type { QueryValue } from '../../../lib/http';
import type { ListSpec } from '../../../lib/list-params';
import { isPeriode, periodeBounds } from '../../ventes';

/** The purchase list in the URL: sort among ACHAT_SORTS; period, supplier and status filters. */
export const ACHATS_LIST: ListSpec = {
  sorts: ACHAT_SORTS,
  filters: ['periode', 'du', 'au', 'fournisseurId', 'statut'],
};

/** The API query of the list: the period becomes `du`/`au` days (as the sales list does). */
export function achatsApiQuery(
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
