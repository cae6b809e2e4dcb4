import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { parseSort, type PlanData, type PlanListQuery } from '@comptoir/shared';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

const SORTS = {
  nom: 'plans.nom',
  prix: 'plans.prix',
  duree_mois: 'plans.duree_mois',
  created_at: 'plans.created_at',
} as const;

function withUse(db: Kysely<DB>) {
  return db
    .selectFrom('plans')
    .selectAll('plans')
    .select((eb) =>
      eb
        .selectFrom('abonnements')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('abonnements.plan_id', '=', 'plans.id')
        .as('abonnements'),
    );
}

function matching(eb: ExpressionBuilder<DB, 'plans'>, query: PlanListQuery) {
  const conditions = [];
  if (query.q) conditions.push(lowerContains(sql`plans.nom`, query.q));
  if (query.retire !== undefined) conditions.push(eb('plans.retire', '=', query.retire ? 1 : 0));
  return eb.and(conditions);
}

export async function findPlanPage(db: Kysely<DB>, query: PlanListQuery) {
  const { field, direction } = parseSort<keyof typeof SORTS>(query.sort, 'nom');
  const count = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => matching(eb, query))
    .executeTakeFirstOrThrow();
  const items = await withUse(db)
    .where((eb) => matching(eb, query))
    .orderBy(SORTS[field], direction)
    .orderBy('plans.id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export type PlanRow = Awaited<ReturnType<typeof findPlanPage>>['items'][number];

export const findPlan = (db: Kysely<DB>, id: number): Promise<PlanRow | undefined> =>
  withUse(db).where('plans.id', '=', id).executeTakeFirst();

export const planColumns = (input: PlanData) => ({
  nom: input.nom,
  duree_mois: input.dureeMois,
  prix: input.prix,
  devise: input.devise,
  max_services: input.maxServices,
  max_users: input.maxUsers,
});
