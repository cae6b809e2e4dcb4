import type { PrixUtilise, ReglesTva, TiersRef, TypeVente } from '@comptoir/shared';
import { useCallback, useMemo } from 'react';
import { createClient, searchClients } from './clients';
import type { NewTiers } from './TiersPicker';

interface Setup {
  /** The chosen sale type, else the retail one, else the first. */
  typeId: number | null;
  /** The price that sale type uses. */
  prix: PrixUtilise;
  /** The shop's VAT rules (liable or not, prices entered TTC or HT). */
  regles: ReglesTva;
  /** The customer picker's search and on-the-spot creation. */
  search: (q: string) => Promise<TiersRef[]>;
  createTiers: (body: NewTiers) => Promise<TiersRef>;
}

/**
 * What a document entry screen (back-office sale, quote) derives from its sale type, the shop's
 * VAT rules and the shop's customers, the same way on each.
 */
export function useDocumentSetup(
  serviceId: number,
  typeVenteId: number | null,
  types: readonly TypeVente[] | undefined,
  shop: { assujettiTva: boolean; prixTtc: boolean } | undefined,
): Setup {
  const typeId =
    typeVenteId ?? types?.find((t) => t.prixUtilise === 'detail')?.id ?? types?.[0]?.id ?? null;
  const prix = types?.find((t) => t.id === typeId)?.prixUtilise ?? 'detail';
  const regles = useMemo(
    () => ({ assujettiTva: shop?.assujettiTva ?? false, prixTtc: shop?.prixTtc ?? true }),
    [shop],
  );
  const search = useCallback((q: string) => searchClients(serviceId, q), [serviceId]);
  const createTiers = useCallback((b: NewTiers) => createClient(serviceId, b), [serviceId]);
  return { typeId, prix, regles, search, createTiers };
}
