import type { TypeVentePage, Vente, VenteInput } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Calls shared by the sale screens (point of sale, back-office sale, list). */

/** The active sale types (retail, wholesale…), in their order. */
export const useTypesVentes = () =>
  useQuery({
    queryKey: ['types-ventes', 'actifs'],
    queryFn: () =>
      http.get<TypeVentePage>('/api/types-ventes', {
        query: { page: 1, size: 100, actif: true, sort: 'id,asc' },
      }),
    select: (p) => p.items,
    staleTime: 5 * 60_000,
  });

/**
 * `POST …/ventes`: the server prices, checks stock and records; the answer is the sale. The same
 * for the point of sale and the back office: stock, sales, customers (balance) and debts are
 * refreshed after it.
 */
export const useCreateVente = (serviceId: number) =>
  useShopMutation(
    (body: VenteInput) => http.post<Vente>(shopPath(serviceId, 'ventes'), body),
    [
      ['produits', serviceId],
      ['ventes', serviceId],
      ['clients', serviceId],
      ['dettes', serviceId],
    ],
  );

// The customer search and creation of every document screen.
export { createClient, searchClients } from '../../components/document/clients';
