import type {
  Avoir,
  AvoirInput,
  Client,
  Facture,
  FactureInput,
  FacturePage,
  VenteFacturable,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Invoices and credit notes of the current shop (`/api/services/{serviceId}/factures`, `…/avoirs`). */
export const factureKeys = {
  all: (serviceId: number) => ['factures', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...factureKeys.all(serviceId), 'list', query] as const,
  detail: (serviceId: number, id: number) => [...factureKeys.all(serviceId), 'detail', id] as const,
  facturables: (serviceId: number, query: Record<string, QueryValue>) =>
    [...factureKeys.all(serviceId), 'facturables', query] as const,
};

export const facturePath = (serviceId: number, rest = '') => shopPath(serviceId, `factures${rest}`);
export const avoirPath = (serviceId: number, rest = '') => shopPath(serviceId, `avoirs${rest}`);

export function useFactures(serviceId: number, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: factureKeys.list(serviceId, query),
    queryFn: () => http.get<FacturePage>(facturePath(serviceId), { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFacture(serviceId: number, id: number) {
  return useQuery({
    queryKey: factureKeys.detail(serviceId, id),
    queryFn: () => http.get<Facture>(facturePath(serviceId, `/${id}`)),
  });
}

export function useFacturables(
  serviceId: number,
  query: Record<string, QueryValue>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: factureKeys.facturables(serviceId, query),
    queryFn: () =>
      http.get<VenteFacturable[]>(facturePath(serviceId, '/ventes-facturables'), { query }),
    enabled,
  });
}

/** Issuing an invoice or a credit note changes invoices, and (with a return) sales, debts and stock. */
const touched = (serviceId: number) =>
  [
    factureKeys.all(serviceId),
    ['ventes', serviceId],
    ['dettes', serviceId],
    ['produits', serviceId],
    ['clients', serviceId],
  ] as const;

export const useCreateFacture = (serviceId: number) =>
  useShopMutation(
    (body: FactureInput) => http.post<Facture>(facturePath(serviceId), body),
    touched(serviceId),
  );

/**
 * A sale without customer invoiced to the buyer: the billing address saved on the customer's record
 * first when it changed (an invoice names its buyer), then the invoice.
 */
export const useFacturerAcheteur = (serviceId: number) =>
  useShopMutation(
    async ({ client, adresse, body }: { client: Client; adresse: string; body: FactureInput }) => {
      if (client.adresse !== adresse) {
        const { id: _id, createdAt: _c, updatedAt: _u, ...fiche } = client;
        await http.put<Client>(shopPath(serviceId, `clients/${client.id}`), { ...fiche, adresse });
      }
      return http.post<Facture>(facturePath(serviceId), body);
    },
    touched(serviceId),
  );

export const useCreateAvoir = (serviceId: number, factureId: number) =>
  useShopMutation(
    (body: AvoirInput) => http.post<Avoir>(facturePath(serviceId, `/${factureId}/avoirs`), body),
    touched(serviceId),
  );

/** « Envoyer »: the PDF of the invoice or credit note at `path` e-mailed (nothing is written). */
export const envoyer = (path: string, email: string | null) =>
  http.post<{ envoyeA: string }>(`${path}/envoi`, { email });

/** A file of the API (PDF, XML) as a Blob. */
export const fetchFile = (path: string) => http.blob(path);

export { createClient, searchClients, useClient } from '../../components/document/clients';
