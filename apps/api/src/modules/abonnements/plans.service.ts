import type { Page, Plan, PlanData, PlanListQuery } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { nowIso } from '../../db/time.js';
import { findPlan, findPlanPage, planColumns, type PlanRow } from './plans.repository.js';

const toPlan = (r: PlanRow): Plan => ({
  id: r.id,
  nom: r.nom,
  dureeMois: r.duree_mois,
  prix: Number(r.prix),
  devise: r.devise,
  maxServices: r.max_services,
  maxUsers: r.max_users,
  retire: r.retire === 1,
  abonnements: Number(r.abonnements ?? 0),
  createdAt: r.created_at,
});

export async function listPlans(ctx: AppContext, query: PlanListQuery): Promise<Page<Plan>> {
  const { items, total } = await findPlanPage(ctx.database.db, query);
  return { items: items.map(toPlan), total, page: query.page, size: query.size };
}

export async function getPlan(ctx: AppContext, id: number): Promise<Plan> {
  const row = await findPlan(ctx.database.db, id);
  if (!row) throw notFound('Formule introuvable.');
  return toPlan(row);
}

export async function createPlan(ctx: AppContext, input: PlanData): Promise<Plan> {
  const { id } = await ctx.database.db
    .insertInto('plans')
    .values({ ...planColumns(input), retire: 0, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getPlan(ctx, id);
}

/** Past subscriptions keep their own dates and amount: editing a plan does not rewrite them. */
export async function updatePlan(ctx: AppContext, id: number, input: PlanData): Promise<Plan> {
  await getPlan(ctx, id);
  await ctx.database.db.updateTable('plans').set(planColumns(input)).where('id', '=', id).execute();
  return getPlan(ctx, id);
}

/** A retired plan stays on the subscriptions that name it and cannot be chosen for new ones. */
export async function retirePlan(ctx: AppContext, id: number): Promise<Plan> {
  await getPlan(ctx, id);
  await ctx.database.db.updateTable('plans').set({ retire: 1 }).where('id', '=', id).execute();
  return getPlan(ctx, id);
}

export async function deletePlan(ctx: AppContext, id: number): Promise<void> {
  const plan = await getPlan(ctx, id);
  if (plan.abonnements > 0) {
    throw conflict(
      `La formule « ${plan.nom} » figure sur ${plan.abonnements} abonnement${plan.abonnements > 1 ? 's' : ''} : retirez-la plutôt que de la supprimer.`,
    );
  }
  await ctx.database.db.deleteFrom('plans').where('id', '=', id).execute();
}
