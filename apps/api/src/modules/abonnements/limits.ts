import type { AppContext } from '../../core/context.js';
import { businessRule, subscriptionRequired } from '../../core/errors.js';
import { coverageOf, refusal, subscriptionContact } from '../../core/subscription.js';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The plan of the owner's active subscription (writes without one were refused earlier, 402). */
async function currentPlan(ctx: AppContext, ownerId: number) {
  const coverage = await coverageOf(ctx, [ownerId]);
  if (coverage.statut !== 'active' || coverage.planId === null) {
    throw subscriptionRequired(refusal(coverage, true, await subscriptionContact(ctx.database.db)));
  }
  return ctx.database.db
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', coverage.planId)
    .executeTakeFirstOrThrow();
}

/** Shops: every shop of the owner counts, disabled ones included. */
export async function assertShopRoom(ctx: AppContext, ownerId: number): Promise<void> {
  const plan = await currentPlan(ctx, ownerId);
  const row = await ctx.database.db
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= plan.max_services) {
    throw businessRule(
      `Votre formule ${plan.nom} permet ${plural(plan.max_services, 'boutique', 'boutiques')} au plus.`,
    );
  }
}

/**
 * Users: the owner plus every manager working in at least one of the owner's shops, plus
 * `reserved` seats (the owner's pending invitations, modules/invitations).
 */
export async function assertTeamRoom(
  ctx: AppContext,
  ownerId: number,
  reserved = 0,
): Promise<void> {
  const plan = await currentPlan(ctx, ownerId);
  const row = await ctx.database.db
    .selectFrom('service_members')
    .innerJoin('services', 'services.id', 'service_members.service_id')
    .select((eb) => eb.fn.count<number>('service_members.user_id').distinct().as('n'))
    .where('services.owner_id', '=', ownerId)
    .where('service_members.user_id', '!=', ownerId)
    .executeTakeFirstOrThrow();
  const team = 1 + Number(row.n) + reserved;
  if (team >= plan.max_users) {
    throw businessRule(
      `Votre formule ${plan.nom} permet ${plural(plan.max_users, 'utilisateur', 'utilisateurs')} au plus, vous compris.`,
    );
  }
}
