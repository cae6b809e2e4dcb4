import { USER_SORTS } from '@comptoir/shared';
import type { ListSpec } from '../../lib/list-params';

/** The users list in the URL: sort among USER_SORTS, filters role and active. */
export const USERS_LIST: ListSpec = { sorts: USER_SORTS, filters: ['role', 'active'] };

export const fullName = (u: { prenom: string; nom: string }): string =>
  `${u.prenom} ${u.nom}`.trim();
