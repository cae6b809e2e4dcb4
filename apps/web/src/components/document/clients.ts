import type { Client, ClientInput, ClientPage, CompteClient, TiersRef } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { shopPath } from '../../lib/shop';

/** The customer of a document (sale, quote, invoice) as the party pickers hold it. */
export const tiersOfClient = (c: Client): TiersRef => ({
  id: c.id,
  nom: c.nom,
  telephone: c.telephone,
});

/** Active customers matching a name or a phone. */
export const searchClients = (serviceId: number, q: string) =>
  http
    .get<ClientPage>(shopPath(serviceId, 'clients'), {
      query: { q, actif: true, size: 8, sort: 'nom,asc' },
    })
    .then((p) => p.items.map(tiersOfClient));

/** A customer created from a document, with a name and a phone. */
export const createClient = (serviceId: number, body: ClientInput) =>
  http.post<Client>(shopPath(serviceId, 'clients'), body).then(tiersOfClient);

/** One customer's record (filters showing the chosen customer, an invoice's buyer). */
export function useClient(serviceId: number, id: number | string | null) {
  return useQuery({
    queryKey: ['clients', serviceId, 'one', String(id)],
    queryFn: () => http.get<Client>(shopPath(serviceId, `clients/${id}`)),
    enabled: id !== null,
  });
}

/**
 * The customer's available credit (returns credited to them), from their account; 0 without a
 * customer, for one created offline, or when it cannot be read (`enabled` false: offline).
 */
export function useAvoirClient(serviceId: number, clientId: number | null, enabled = true) {
  const query = useQuery({
    queryKey: ['clients', serviceId, 'avoir', clientId],
    queryFn: () => http.get<CompteClient>(shopPath(serviceId, `clients/${clientId}/compte`)),
    enabled: enabled && clientId !== null && clientId > 0,
    select: (c) => c.avoir,
    // A failed read is tried again (the shared policy: network and server errors, twice): one
    // lost answer must not hide the customer's credit for the whole sale.
  });
  return enabled ? (query.data ?? 0) : 0;
}
