import { FACTURE_SORTS } from '@comptoir/shared';
import type { ListSpec } from '../../lib/list-params';

/** The invoice list in the URL: sort among FACTURE_SORTS; issue days, customer and status filters. */
export const FACTURES_LIST: ListSpec = {
  sorts: FACTURE_SORTS,
  filters: ['du', 'au', 'clientId', 'statut'],
};
