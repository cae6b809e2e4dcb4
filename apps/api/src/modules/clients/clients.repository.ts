import { sql, type Kysely } from 'kysely';
import {
  parseSort,
  searchKey,
  type ClientData,
  type ClientListQuery,
  type ClientSort,
  frenchSortKey,
} from '@comptoir/shared';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { partySearch } from './party.js';

const SORTS: Record<ClientSort, string> = { nom: 'nom_tri', created_at: 'created_at' };

export async function findClientPage(db: Kysely<DB>, serviceId: number, query: ClientListQuery) {
  const base = db
    .selectFrom('clients')
    .where('service_id', '=', serviceId)
    .where((eb) => {
      const c = [];
      if (query.q) c.push(eb.or(partySearch(query.q)));
      if (query.actif !== undefined) c.push(eb('actif', '=', query.actif ? 1 : 0));
      return eb.and(c);
    });
  const { field, direction } = parseSort<ClientSort>(query.sort, 'nom');
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy(sql.ref(SORTS[field]), direction)
    .orderBy('id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export const findClient = (db: Kysely<DB>, serviceId: number, id: number) =>
  db
    .selectFrom('clients')
    .selectAll()
    .where('id', '=', id)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();

export const clientColumns = (input: ClientData, telephone: string | null) => ({
  nom: input.nom,
  nom_recherche: searchKey(input.nom),
  nom_tri: frenchSortKey(input.nom),
  telephone,
  email: input.email,
  adresse: input.adresse,
  notes: input.notes,
  plafond_credit: input.plafondCredit,
  professionnel: input.professionnel ? 1 : 0,
  siren: input.siren,
  siret: input.siret,
  tva_intracom: input.tvaIntracom,
  adresse_livraison: input.adresseLivraison,
  actif: input.actif ? 1 : 0,
});
