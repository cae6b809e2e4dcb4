import { sql, type Kysely } from 'kysely';
import {
  parseSort,
  searchKey,
  type FournisseurData,
  type FournisseurListQuery,
  type FournisseurSort,
  frenchSortKey,
} from '@comptoir/shared';
import { offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import { partySearch } from '../clients/party.js';

const SORTS: Record<FournisseurSort, string> = { nom: 'nom_tri', created_at: 'created_at' };

export async function findFournisseurPage(
  db: Kysely<DB>,
  serviceId: number,
  query: FournisseurListQuery,
) {
  const base = db
    .selectFrom('fournisseurs')
    .where('service_id', '=', serviceId)
    .where((eb) => {
      const c = [];
      if (query.q) c.push(eb.or(partySearch(query.q)));
      if (query.actif !== undefined) c.push(eb('actif', '=', query.actif ? 1 : 0));
      return eb.and(c);
    });
  const { field, direction } = parseSort<FournisseurSort>(query.sort, 'nom');
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

export const findFournisseur = (db: Kysely<DB>, serviceId: number, id: number) =>
  db
    .selectFrom('fournisseurs')
    .selectAll()
    .where('id', '=', id)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();

export const fournisseurColumns = (input: FournisseurData, telephone: string | null) => ({
  nom: input.nom,
  nom_recherche: searchKey(input.nom),
  nom_tri: frenchSortKey(input.nom),
  contact: input.contact,
  telephone,
  email: input.email,
  adresse: input.adresse,
  actif: input.actif ? 1 : 0,
});
