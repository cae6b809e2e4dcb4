import type { CompteClient, DetteClientPage, Reglement, ReglementInput } from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Customer debts of the current shop (`…/dettes`), a customer's account and repayments. */
export const detteKeys = {
  all: (serviceId: number) => ['dettes', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...detteKeys.all(serviceId), 'list', query] as const,
};
/** Under the customers' key: any write on customers or debts refreshes it. */
export const compteKey = (serviceId: number, clientId: number) =>
  ['clients', serviceId, 'compte', clientId] as const;

export function useDettes(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: detteKeys.list(serviceId, query),
    queryFn: () => http.get<DetteClientPage>(shopPath(serviceId, 'dettes'), { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCompteClient(serviceId: number, clientId: number) {
  return useQuery({
    queryKey: compteKey(serviceId, clientId),
    queryFn: () => http.get<CompteClient>(shopPath(serviceId, `clients/${clientId}/compte`)),
  });
}

/** A repayment changes the debts, the customer's account and the status of the sales it settles. */
export const useCreateReglement = (serviceId: number, clientId: number) =>
  useShopMutation(
    (body: ReglementInput) =>
      http.post<Reglement>(shopPath(serviceId, `clients/${clientId}/reglements`), body),
    [detteKeys.all(serviceId), ['clients', serviceId], ['ventes', serviceId]],
  );

/** The customer's statement as a PDF (`…/clients/:id/releve.pdf`). */
export const fetchReleve = (serviceId: number, clientId: number) =>
  http.blob(shopPath(serviceId, `clients/${clientId}/releve.pdf`));
