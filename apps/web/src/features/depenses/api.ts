import type {
  CategorieDepense,
  CategorieDepenseData,
  Depense,
  DepenseInput,
  DepensePage,
  DepenseUpdate,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, requestBlob, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Expenses of the current shop (`/api/services/{serviceId}/depenses`), categories, receipts. */
export const depenseKeys = {
  all: (serviceId: number) => ['depenses', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...depenseKeys.all(serviceId), 'list', query] as const,
  detail: (serviceId: number, id: number) => [...depenseKeys.all(serviceId), 'detail', id] as const,
  categories: (serviceId: number) => [...depenseKeys.all(serviceId), 'categories'] as const,
};

export const depensePath = (serviceId: number, rest = '') => shopPath(serviceId, `depenses${rest}`);
const categoriesPath = (serviceId: number, rest = '') =>
  shopPath(serviceId, `categories-depenses${rest}`);

export function useDepenses(serviceId: number, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: depenseKeys.list(serviceId, query),
    queryFn: () => http.get<DepensePage>(depensePath(serviceId), { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDepense(serviceId: number, id: number | null) {
  return useQuery({
    queryKey: depenseKeys.detail(serviceId, id ?? 0),
    queryFn: () => http.get<Depense>(depensePath(serviceId, `/${id}`)),
    enabled: id !== null,
  });
}

export function useCategoriesDepenses(serviceId: number) {
  return useQuery({
    queryKey: depenseKeys.categories(serviceId),
    queryFn: () => http.get<CategorieDepense[]>(categoriesPath(serviceId)),
  });
}

/** The receipt's bytes (photo or PDF), fetched with the session: shown through an object URL. */
export const fetchJustificatif = (serviceId: number, id: number): Promise<Blob> =>
  requestBlob(depensePath(serviceId, `/${id}/justificatif`));

const receiptForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** Every write refreshes the shop's expenses (lists, totals, details, categories). */
export function useDepenseMutations(serviceId: number) {
  const all = [depenseKeys.all(serviceId)];
  return {
    create: useShopMutation(
      (body: DepenseInput) => http.post<Depense>(depensePath(serviceId), body),
      all,
    ),
    update: useShopMutation(
      ({ id, body }: { id: number; body: DepenseUpdate }) =>
        http.put<Depense>(depensePath(serviceId, `/${id}`), body),
      all,
    ),
    remove: useShopMutation(
      (id: number) => http.delete<void>(depensePath(serviceId, `/${id}`)),
      all,
    ),
    attach: useShopMutation(
      ({ id, file }: { id: number; file: File }) =>
        http.post<Depense>(depensePath(serviceId, `/${id}/justificatif`), receiptForm(file)),
      all,
    ),
    detach: useShopMutation(
      (id: number) => http.delete<Depense>(depensePath(serviceId, `/${id}/justificatif`)),
      all,
    ),
    createCategorie: useShopMutation(
      (body: CategorieDepenseData) => http.post<CategorieDepense>(categoriesPath(serviceId), body),
      all,
    ),
    renameCategorie: useShopMutation(
      ({ id, body }: { id: number; body: CategorieDepenseData }) =>
        http.put<CategorieDepense>(categoriesPath(serviceId, `/${id}`), body),
      all,
    ),
  };
}
