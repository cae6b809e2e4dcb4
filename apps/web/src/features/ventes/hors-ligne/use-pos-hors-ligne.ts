import type {
  PrixUtilise,
  ServiceDetail,
  TiersRef,
  TypeVente,
  Vente,
  VenteCalculee,
} from '@comptoir/shared';
import { useCallback, useEffect, useMemo } from 'react';
import type { Cart } from '../../../components/document/cart';
import type { PaymentDraft } from '../../../components/document/payment';
import type { NewTiers } from '../../../components/document/TiersPicker';
import { NetworkError } from '../../../lib/errors';
import { createClient, searchClients } from '../api';
import { chercherClients } from './catalogue';
import { chargerCodes } from './codes-memoire';
import { noterVenteEnLigne } from './file';
import { useHorsLigne } from './use-hors-ligne';

/** A copy kept in localStorage of what the point of sale read last, for a start without the network. */
function useCopie<T>(key: string, value: T | undefined): T | undefined {
  useEffect(() => {
    if (value === undefined) return;
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage full: the copy is not refreshed */
    }
  }, [key, value]);
  return useMemo(() => {
    if (value !== undefined) return value;
    try {
      return JSON.parse(localStorage.getItem(key) ?? 'null') ?? undefined;
    } catch {
      return undefined;
    }
  }, [key, value]);
}

const networkDown = (error: unknown) => error instanceof NetworkError || !navigator.onLine;

/**
 * What the point of sale needs to go on without the network: the shop and sale types as last
 * read, customers searched and created on the device, sales recorded on the device.
 */
export function usePosHorsLigne(
  serviceId: number,
  shop: ServiceDetail | undefined,
  types: TypeVente[] | undefined,
) {
  const hl = useHorsLigne(serviceId);
  // Barcodes and references in memory for the scan (codes-memoire.ts), loaded beside the screen.
  useEffect(() => {
    void chargerCodes(serviceId);
  }, [serviceId]);
  const shopData = useCopie(`comptoir.horsLigne.${serviceId}.boutique`, shop);
  const typesData = useCopie('comptoir.horsLigne.typesVentes', types);

  const locaux = useCallback(
    async (q: string): Promise<TiersRef[]> =>
      (await chercherClients(serviceId, q, 8)).map((c) => ({
        id: c.id,
        nom: c.nom,
        telephone: c.telephone,
      })),
    [serviceId],
  );
  const search = useCallback(
    async (q: string) => {
      if (!navigator.onLine) return locaux(q);
      try {
        return await searchClients(serviceId, q);
      } catch (error) {
        if (networkDown(error)) return locaux(q);
        throw error;
      }
    },
    [serviceId, locaux],
  );
  const { creerClient, clientHorsLigne, vendre: vendreLocal } = hl;
  const create = useCallback(
    async (body: NewTiers): Promise<TiersRef> => {
      if (!navigator.onLine) return creerClient(body.nom, body.telephone);
      try {
        return await createClient(serviceId, body);
      } catch (error) {
        if (networkDown(error)) return creerClient(body.nom, body.telephone);
        throw error;
      }
    },
    [serviceId, creerClient],
  );

  /**
   * No network, a customer created offline, or sales still waiting to be sent (just back online,
   * the sync under way): the sale is recorded on the device, numbered after the waiting ones, so
   * that an online sale never takes a number the queue already gave (the queue not counted yet
   * counts as waiting).
   */
  const surLaCaisse = (cart: Cart) =>
    !navigator.onLine || (cart.client?.id ?? 0) < 0 || hl.enAttente !== 0;
  /** An online sale on this device's register: the device's series moves past its number. */
  const venteEnLigne = (vente: Vente, caisseId: number | undefined) => {
    if (caisseId !== undefined)
      void noterVenteEnLigne(serviceId, caisseId, vente.numero).catch(() => undefined);
  };

  const vendre = async (
    cart: Cart,
    calc: VenteCalculee,
    prix: PrixUtilise,
    typeVente: TypeVente,
    paiements: readonly PaymentDraft[],
    echeance: string | null,
  ): Promise<Vente> => {
    const client = cart.client && cart.client.id < 0 ? await clientHorsLigne(cart.client.id) : null;
    return vendreLocal(
      {
        cart,
        calc,
        prix,
        typeVente,
        paiements,
        echeance,
        devise: shopData?.devise ?? 'XOF',
        clientHorsLigne: client,
      },
      shopData?.pays ?? null,
    );
  };

  return {
    etat: hl,
    shop: shopData,
    types: typesData,
    search,
    create,
    surLaCaisse,
    vendre,
    venteEnLigne,
  };
}
