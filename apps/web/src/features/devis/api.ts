import type {
  Devis,
  DevisConversion,
  DevisInput,
  DevisPage,
  DevisUpdate,
  Produit,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Quotes of the current shop (`/api/services/{serviceId}/devis`, owner only). */
export const devisKeys = {
  all: (serviceId: number) => ['devis', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...devisKeys.all(serviceId), 'list', query] as const,
  detail: (serviceId: number, id: number) => [...devisKeys.all(serviceId), 'detail', id] as const,
};

export const devisPath = (serviceId: number, rest = '') => shopPath(serviceId, `devis${rest}`);

export function useDevisList(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: devisKeys.list(serviceId, query),
    queryFn: () => http.get<DevisPage>(devisPath(serviceId), { query }),
    placeholderData: keepPreviousData,
  });
}

export function useDevis(serviceId: number, id: number | null) {
  return useQuery({
    queryKey: devisKeys.detail(serviceId, id ?? 0),
    queryFn: () => http.get<Devis>(devisPath(serviceId, `/${id}`)),
    enabled: id !== null,
  });
}

/** The products of a draft's lines, to price them again as the server will (edit of a draft). */
export const fetchProduits = (serviceId: number, ids: readonly number[]) =>
  Promise.all(ids.map((id) => http.get<Produit>(shopPath(serviceId, `produits/${id}`))));

export const useCreateDevis = (serviceId: number) =>
  useShopMutation(
    (body: DevisInput) => http.post<Devis>(devisPath(serviceId), body),
    [devisKeys.all(serviceId)],
  );

export const useUpdateDevis = (serviceId: number, id: number) =>
  useShopMutation(
    (body: DevisUpdate) => http.put<Devis>(devisPath(serviceId, `/${id}`), body),
    [devisKeys.all(serviceId)],
  );

/** The actions of a quote's detail; each answers the quote as it now is. */
export type DevisAction =
  | { type: 'envoi'; message: string | null }
  | { type: 'acceptation' }
  | { type: 'refus' }
  | { type: 'duplication'; cleIdempotence: string }
  | { type: 'conversion'; body: DevisConversion };

const actionBody = (a: DevisAction) => {
  switch (a.type) {
    case 'envoi':
      return { message: a.message };
    case 'duplication':
      return { cleIdempotence: a.cleIdempotence };
    case 'conversion':
      return a.body;
    default:
      return undefined;
  }
};

/** A conversion moves stock, records a sale (and its invoice), payments and debts. */
export const useDevisAction = (serviceId: number, id: number) =>
  useShopMutation(
    (a: DevisAction) => http.post<Devis>(devisPath(serviceId, `/${id}/${a.type}`), actionBody(a)),
    [
      devisKeys.all(serviceId),
      ['ventes', serviceId],
      ['produits', serviceId],
      ['clients', serviceId],
      ['dettes', serviceId],
      ['factures', serviceId],
    ],
  );

/** The quote as an A4 PDF made by the server. */
export const fetchDevisPdf = (serviceId: number, id: number) =>
  http.blob(devisPath(serviceId, `/${id}/pdf`));

export const devisFileName = (d: Pick<Devis, 'id' | 'numero'>) =>
  `devis-${d.numero ?? `brouillon-${d.id}`}.pdf`;

/** The invoice of the converted quote's sale, as a PDF (factures module). */
export const fetchFacturePdf = (serviceId: number, factureId: number) =>
  http.blob(shopPath(serviceId, `factures/${factureId}/facture.pdf`));
