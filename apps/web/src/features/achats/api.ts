import type {
  Achat,
  AchatInput,
  AchatPage,
  AchatUpdate,
  AchatValidation,
  CompteFournisseur,
  DetteFournisseurPage,
  Fournisseur,
  FournisseurInput,
  FournisseurPage,
  Reapprovisionnement,
  ReglementFournisseur,
  ReglementFournisseurInput,
  RetourAchat,
  RetourAchatInput,
  TiersRef,
  UnitePage,
} from '@comptoir/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Purchases of the current shop (`…/achats`) and what the shop owes its suppliers. */
export const achatKeys = {
  all: (serviceId: number) => ['achats', serviceId] as const,
  list: (serviceId: number, query: Record<string, QueryValue>) =>
    [...achatKeys.all(serviceId), 'list', query] as const,
  detail: (serviceId: number, id: number) => [...achatKeys.all(serviceId), 'detail', id] as const,
  dettes: (serviceId: number, query: Record<string, QueryValue>) =>
    [...achatKeys.all(serviceId), 'dettes', query] as const,
  compte: (serviceId: number, fournisseurId: number) =>
    [...achatKeys.all(serviceId), 'compte', fournisseurId] as const,
};

export const achatPath = (serviceId: number, rest = '') => shopPath(serviceId, `achats${rest}`);
const fournisseurPath = (serviceId: number, id: number, rest: string) =>
  shopPath(serviceId, `fournisseurs/${id}${rest}`);

/** A purchase writes stock, costs and debts: products, purchases and suppliers are refreshed. */
const touched = (serviceId: number) =>
  [achatKeys.all(serviceId), ['produits', serviceId], ['fournisseurs', serviceId]] as const;

export function useAchats(serviceId: number, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: achatKeys.list(serviceId, query),
    queryFn: () => http.get<AchatPage>(achatPath(serviceId), { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAchat(serviceId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: achatKeys.detail(serviceId, id),
    queryFn: () => http.get<Achat>(achatPath(serviceId, `/${id}`)),
    enabled,
  });
}

export const useCreateAchat = (serviceId: number) =>
  useShopMutation(
    (body: AchatInput) => http.post<Achat>(achatPath(serviceId), body),
    touched(serviceId),
  );
export const useUpdateAchat = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: AchatUpdate }) =>
      http.put<Achat>(achatPath(serviceId, `/${id}`), body),
    touched(serviceId),
  );
export const useDeleteAchat = (serviceId: number) =>
  useShopMutation(
    (id: number) => http.delete<void>(achatPath(serviceId, `/${id}`)),
    touched(serviceId),
  );
export const useValidateAchat = (serviceId: number) =>
  useShopMutation(
    ({ id, body }: { id: number; body: AchatValidation }) =>
      http.post<Achat>(achatPath(serviceId, `/${id}/validation`), body),
    touched(serviceId),
  );
export const useRetourAchat = (serviceId: number, achatId: number) =>
  useShopMutation(
    (body: RetourAchatInput) =>
      http.post<RetourAchat>(achatPath(serviceId, `/${achatId}/retours`), body),
    touched(serviceId),
  );
export const useReapprovisionnement = (serviceId: number) =>
  useShopMutation(
    (body: Reapprovisionnement) =>
      http.post<Achat>(achatPath(serviceId, '/reapprovisionnement'), body),
    touched(serviceId),
  );

/** The purchase order (draft) or receipt as a PDF. */
export const fetchAchatPdf = (serviceId: number, id: number) =>
  http.blob(achatPath(serviceId, `/${id}/pdf`));

export function useDettesFournisseurs(serviceId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: achatKeys.dettes(serviceId, query),
    queryFn: () =>
      http.get<DetteFournisseurPage>(shopPath(serviceId, 'dettes-fournisseurs'), { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCompteFournisseur(serviceId: number, fournisseurId: number) {
  return useQuery({
    queryKey: achatKeys.compte(serviceId, fournisseurId),
    queryFn: () =>
      http.get<CompteFournisseur>(fournisseurPath(serviceId, fournisseurId, '/compte')),
  });
}

export const useReglementFournisseur = (serviceId: number, fournisseurId: number) =>
  useShopMutation(
    (body: ReglementFournisseurInput) =>
      http.post<ReglementFournisseur>(
        fournisseurPath(serviceId, fournisseurId, '/reglements'),
        body,
      ),
    touched(serviceId),
  );

/** The supplier's statement as a PDF. */
export const fetchReleveFournisseur = (serviceId: number, fournisseurId: number) =>
  http.blob(fournisseurPath(serviceId, fournisseurId, '/releve.pdf'));

const tiersOf = (f: Fournisseur): TiersRef => ({ id: f.id, nom: f.nom, telephone: f.telephone });

/** Active suppliers matching a name or a phone. */
export const searchFournisseurs = (serviceId: number, q: string) =>
  http
    .get<FournisseurPage>(shopPath(serviceId, 'fournisseurs'), {
      query: { q, actif: true, size: 8, sort: 'nom,asc' },
    })
    .then((p) => p.items.map(tiersOf));

/** One supplier (the list's filter shows its name). */
export const useFournisseur = (serviceId: number, id: number | null) =>
  useQuery({
    queryKey: ['fournisseurs', serviceId, 'one', id],
    queryFn: () => http.get<Fournisseur>(shopPath(serviceId, `fournisseurs/${id}`)),
    enabled: id !== null,
  });

/** A supplier created from a purchase, with a name and a phone. */
export const createFournisseur = (serviceId: number, body: FournisseurInput) =>
  http.post<Fournisseur>(shopPath(serviceId, 'fournisseurs'), body).then(tiersOf);

/** The units a product created from a line may take. */
export const useUnites = () =>
  useQuery({
    queryKey: ['unites', 'options'],
    queryFn: () =>
      http.get<UnitePage>('/api/unites', { query: { page: 1, size: 200, sort: 'nom,asc' } }),
    select: (p) => p.items,
    staleTime: 5 * 60_000,
  });
