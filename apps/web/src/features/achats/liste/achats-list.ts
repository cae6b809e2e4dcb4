import { ACHAT_SORTS } from '@comptoir/shared';
import type { QueryValue } from '../../../lib/http';
import type { ListSpec } from '../../../lib/list-params';
import { periodeApiQuery } from '../../ventes';

/** The purchase list in the URL: sort among ACHAT_SORTS; period, supplier and status filters. */
export const ACHATS_LIST: ListSpec = {
  sorts: ACHAT_SORTS,
  filters: ['periode', 'du', 'au', 'fournisseurId', 'statut'],
};

/** The API query of the list: the period becomes `du`/`au`, days of the shop's clock (`timeZone`). */
export function achatsApiQuery(
  query: Record<string, QueryValue>,
  now: Date,
  timeZone: string,
): Record<string, QueryValue> {
  return periodeApiQuery(query, now, timeZone);
}
