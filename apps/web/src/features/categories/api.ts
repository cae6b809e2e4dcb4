import type { Categorie, CategorieInput, CategoriePage } from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Categories of the current shop (`/api/services/{serviceId}/categories`). */
export const categorieKeys = {
  all: (serviceId: number) => ['categories', serviceId] as const,
  lists: (serviceId: number) => [...categorieKeys.all(serviceId), 'list'] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...categorieKeys.lists(serviceId), query] as const,
};

export function useCategories(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: categorieKeys.list(serviceId, query),
    queryFn: () => http.get<CategoriePage>(shopPath(serviceId, 'categories'), { query }),
    placeholderData: keepPreviousData,
  });
}

/** Writes refresh the categories and the products, which show their name. */
const touched = (serviceId: number) =>
  [categorieKeys.all(serviceId), ['produits', serviceId]] as const;

export const useCreateCategorie = (serviceId: number) =>
  useShopMutation(
    (body: CategorieInput) => http.post<Categorie>(shopPath(serviceId, 'categories'), body),
    touched(serviceId),
  );
export const useUpdateCategorie = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: CategorieInput }) =>
      http.put<Categorie>(shopPath(serviceId, `categories/${id}`), body),
    touched(serviceId),
  );
export const useDeleteCategorie = (serviceId: number) =>
  useShopMutation(
    (id: number) => http.delete<void>(shopPath(serviceId, `categories/${id}`)),
    touched(serviceId),
  );
