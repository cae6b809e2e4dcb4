import { sql, type Kysely } from 'kysely';
import { parseSort, type UniteData, type UniteListQuery } from '@comptoir/shared';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

const SORTS = { nom: 'nom', symbole: 'symbole', created_at: 'created_at' } as const;

export async function findUnitePage(db: Kysely<DB>, query: UniteListQuery) {
  const base = db
    .selectFrom('unites')
    .where((eb) => eb.and(query.q ? [lowerContains(sql`nom || ' ' || symbole`, query.q)] : []));
  const { field, direction } = parseSort<keyof typeof SORTS>(query.sort, 'nom');
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy(SORTS[field], direction)
    .orderBy('id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export const findUnite = (db: Kysely<DB>, id: number) =>
  db.selectFrom('unites').selectAll().where('id', '=', id).executeTakeFirst();

/** Names are unique whatever the case: « Kilogramme » and « kilogramme » are one unit. */
export async function uniteNameTaken(
  db: Kysely<DB>,
  nom: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('unites')
    .select('id')
    .where(sql<boolean>`lower(nom) = lower(${nom})`);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const uniteColumns = (input: UniteData) => ({
  nom: input.nom,
  symbole: input.symbole,
  fractionnable: input.fractionnable ? 1 : 0,
});
