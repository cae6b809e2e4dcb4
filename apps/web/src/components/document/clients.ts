import type { Client, ClientInput, ClientPage, TiersRef } from '@comptoir/shared';
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
