import type { MouvementsParType, RapportProduitsPage, Valorisation } from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';

/** The owner's reports of the current shop (`…/rapports/…`): products, stock value, movements. */

export const rapportPath = (serviceId: number, path: string) =>
  shopPath(serviceId, `rapports/${path}`);

/** Sales figures change after every sale: the reports live under the sales' keys. */
const key = (serviceId: number, ...rest: unknown[]) => ['ventes', serviceId, 'rapports', ...rest];

export const useRapportProduits = (
  serviceId: number,
  query: Record<string, QueryValue>,
  enabled: boolean,
) =>
  useQuery({
    queryKey: key(serviceId, 'produits', query),
    queryFn: () => http.get<RapportProduitsPage>(rapportPath(serviceId, 'produits'), { query }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useValorisation = (serviceId: number, date: string | null) =>
  useQuery({
    queryKey: key(serviceId, 'stock', date),
    queryFn: () =>
      http.get<Valorisation>(rapportPath(serviceId, 'stock'), {
        query: date ? { date } : {},
      }),
    placeholderData: keepPreviousData,
  });

export const useMouvements = (
  serviceId: number,
  du: string | undefined,
  au: string | undefined,
  ready = true,
) =>
  useQuery({
    queryKey: key(serviceId, 'mouvements', du, au),
    queryFn: () =>
      http.get<MouvementsParType>(rapportPath(serviceId, 'mouvements'), { query: { du, au } }),
    placeholderData: keepPreviousData,
    enabled: Boolean(du && au) && ready,
  });
