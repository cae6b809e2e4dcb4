import { SERVICE_SORTS } from '@comptoir/shared';
import type { ListSpec } from '../../lib/list-params';

/** The shops list in the URL: sort among SERVICE_SORTS, filter active. */
export const SERVICES_LIST: ListSpec = { sorts: SERVICE_SORTS, filters: ['active'] };
