import type {
  Caisse,
  CaisseAppareil,
  CaisseInput,
  CaisseSessionDetail,
  CaisseSession,
  ClotureInput,
  MouvementCaisse,
  MouvementCaisseInput,
  Page,
  VenteEcartee,
} from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { appareilId, caisseAppareilKey, shopPath } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';

/** Registers of the current shop and their sessions (`…/caisses`, `…/caisse-sessions`). */
export const caisseKeys = { all: (serviceId: number) => ['caisses', serviceId] as const };
const caissesPath = (serviceId: number, path = '') => shopPath(serviceId, `caisses${path}`);
export const sessionPath = (serviceId: number, id: number, path = '') =>
  shopPath(serviceId, `caisse-sessions/${id}${path}`);

export const useCaisses = (serviceId: number) =>
  useQuery({
    queryKey: [...caisseKeys.all(serviceId), 'list'],
    queryFn: () => http.get<Caisse[]>(caissesPath(serviceId)),
  });

/** The device that last chose each register (one register, one device). */
export const useAppareils = (serviceId: number) =>
  useQuery({
    queryKey: [...caisseKeys.all(serviceId), 'appareils'],
    queryFn: () => http.get<CaisseAppareil[]>(shopPath(serviceId, 'caisses-appareils')),
    // The device that held this register learns within a minute that another one took it.
    refetchInterval: 60_000,
  });

/** This device sells on this register from now on. */
export const useChoisirCaisse = (serviceId: number) =>
  useShopMutation(
    (caisseId: number) =>
      http.put<CaisseAppareil>(caissesPath(serviceId, `/${caisseId}/appareil`), {
        appareil: appareilId(),
      }),
    [caisseKeys.all(serviceId)],
  );

export const useSession = (serviceId: number, id: number | null) =>
  useQuery({
    queryKey: [...caisseKeys.all(serviceId), 'session', id],
    queryFn: () => http.get<CaisseSessionDetail>(sessionPath(serviceId, id!)),
    enabled: id !== null,
  });

export const useSessions = (serviceId: number, page: number) =>
  useQuery({
    queryKey: [...caisseKeys.all(serviceId), 'sessions', page],
    queryFn: () =>
      http.get<Page<CaisseSession>>(shopPath(serviceId, 'caisse-sessions'), {
        query: { page, size: 20 },
      }),
  });

export interface CategorieDepenseRef {
  id: number;
  nom: string;
}
export const useCategoriesDepenses = (serviceId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['depenses', serviceId, 'categories'],
    queryFn: () => http.get<CategorieDepenseRef[]>(shopPath(serviceId, 'categories-depenses')),
    enabled,
  });

/** A write refreshes the registers, and the expenses (a « dépense payée en caisse »). */
const refreshed = (serviceId: number) => [caisseKeys.all(serviceId), ['depenses', serviceId]];

export const useCreateCaisse = (serviceId: number) =>
  useShopMutation(
    (body: CaisseInput) => http.post<Caisse>(caissesPath(serviceId), body),
    [caisseKeys.all(serviceId)],
  );

export const useOuvrir = (serviceId: number) =>
  useShopMutation(
    ({ caisseId, fond }: { caisseId: number; fond: number }) =>
      http.post<CaisseSessionDetail>(caissesPath(serviceId, `/${caisseId}/sessions`), { fond }),
    [caisseKeys.all(serviceId)],
  );

export const useMouvement = (serviceId: number, sessionId: number) =>
  useShopMutation(
    (body: MouvementCaisseInput) =>
      http.post<MouvementCaisse>(sessionPath(serviceId, sessionId, '/mouvements'), body),
    refreshed(serviceId),
  );

export const useCloture = (serviceId: number, sessionId: number) =>
  useShopMutation(
    (body: ClotureInput) =>
      http.post<CaisseSessionDetail>(sessionPath(serviceId, sessionId, '/cloture'), body),
    refreshed(serviceId),
  );

export const rapportPdf = (serviceId: number, sessionId: number, format: '80' | '58' | 'a4') =>
  http.blob(sessionPath(serviceId, sessionId, '/rapport.pdf'), { query: { format } });

/** The register this device sells on, per shop, chosen once and remembered. */
export function rememberedCaisse(serviceId: number): number | null {
  const value = Number(localStorage.getItem(caisseAppareilKey(serviceId)));
  return Number.isInteger(value) && value > 0 ? value : null;
}
export const rememberCaisse = (serviceId: number, caisseId: number) =>
  localStorage.setItem(caisseAppareilKey(serviceId), String(caisseId));

/** The refused sales the owner discarded, newest first (`GET …/ventes-ecartees`, owner). */
export const useVentesEcartees = (serviceId: number) =>
  useQuery({
    queryKey: [...caisseKeys.all(serviceId), 'ventes-ecartees'],
    queryFn: () => http.get<VenteEcartee[]>(shopPath(serviceId, 'ventes-ecartees')),
  });
