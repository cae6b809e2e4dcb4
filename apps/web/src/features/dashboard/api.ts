import type {
  PeriodeQuery,
  TableauAdmin,
  TableauBoutique,
  TableauGerant,
  TableauProprietaire,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';

/** The dashboards: the owner's (one shop or all), the manager's, the admin's. */

const asQuery = (q: Partial<PeriodeQuery>): Record<string, QueryValue> => ({ ...q });

export const useTableauBoutique = (serviceId: number, q: Partial<PeriodeQuery>, enabled: boolean) =>
  useQuery({
    queryKey: ['ventes', serviceId, 'tableau', q],
    queryFn: () => http.get<TableauBoutique>(shopPath(serviceId, 'tableau'), { query: asQuery(q) }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useTableauTous = (q: Partial<PeriodeQuery>, enabled: boolean) =>
  useQuery({
    queryKey: ['tableau', 'tous', q],
    queryFn: () => http.get<TableauProprietaire>('/api/tableau', { query: asQuery(q) }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useTableauGerant = (serviceId: number) =>
  useQuery({
    queryKey: ['ventes', serviceId, 'tableau-gerant'],
    queryFn: () => http.get<TableauGerant>(shopPath(serviceId, 'tableau/gerant')),
  });

export const useTableauAdmin = () =>
  useQuery({
    queryKey: ['tableau', 'admin'],
    queryFn: () => http.get<TableauAdmin>('/api/tableau/admin'),
  });
