import { sql, type Kysely } from 'kysely';
import { parseSort, type TypeVenteData, type TypeVenteListQuery } from '@comptoir/shared';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

const SORTS = { nom: 'nom', id: 'id' } as const;

export async function findTypeVentePage(db: Kysely<DB>, query: TypeVenteListQuery) {
  const base = db.selectFrom('types_ventes').where((eb) => {
    const conditions = [];
    if (query.q) conditions.push(lowerContains(sql`nom`, query.q));
    if (query.actif !== undefined) conditions.push(eb('actif', '=', query.actif ? 1 : 0));
    return eb.and(conditions);
  });
  const { field, direction } = parseSort<keyof typeof SORTS>(query.sort, 'id');
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let rows = base.selectAll().orderBy(SORTS[field], direction);
  if (field !== 'id') rows = rows.orderBy('id', direction);
  const items = await rows.limit(query.size).offset(offsetOf(query)).execute();
  return { items, total: Number(count.n) };
}

export const findTypeVente = (db: Kysely<DB>, id: number) =>
  db.selectFrom('types_ventes').selectAll().where('id', '=', id).executeTakeFirst();

export async function typeVenteNameTaken(
  db: Kysely<DB>,
  nom: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('types_ventes')
    .select('id')
    .where(sql<boolean>`lower(nom) = lower(${nom})`);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const typeVenteColumns = (input: TypeVenteData) => ({
  nom: input.nom,
  prix_utilise: input.prixUtilise,
  actif: input.actif ? 1 : 0,
});
