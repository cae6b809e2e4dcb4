import type { Selectable } from 'kysely';
import type { ServicesTable } from '../db/schema.js';
import type { AuthUser } from './authenticate.js';
import type { AppContext } from './context.js';
import { forbidden, notFound } from './errors.js';

/**
 * The shop check of every shop-scoped call: an administrator reaches any shop, an owner the shops
 * they own, a manager the shops they work in. Anything else is 404, whatever the id.
 */
export async function requireServiceAccess(
  ctx: AppContext,
  user: AuthUser,
  serviceId: number,
): Promise<Selectable<ServicesTable>> {
  const { db } = ctx.database;
  const service = await db.selectFrom('services').selectAll().where('id', '=', serviceId).executeTakeFirst();
  if (service && (await mayAccess(ctx, user, service))) return service;
  throw notFound('Boutique introuvable.');
}

async function mayAccess(ctx: AppContext, user: AuthUser, service: Selectable<ServicesTable>): Promise<boolean> {
  if (user.roles.includes('ROLE_ADMIN')) return true;
  if (user.roles.includes('ROLE_PROPRIETAIRE') && service.owner_id === user.id) return true;
  if (user.roles.includes('ROLE_GERANT')) {
    const member = await ctx.database.db
      .selectFrom('service_members')
      .select('user_id')
      .where('service_id', '=', service.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    return member !== undefined;
  }
  return false;
}

/**
 * Owner-only actions in a shop (delete, deactivate, adjust stock, brands, suppliers): the owner of
 * this shop. An owner who also works as a manager in another owner's shop is a manager there: 403.
 */
export function requireShopOwner(user: AuthUser, service: Selectable<ServicesTable>): void {
  if (service.owner_id !== user.id) throw forbidden();
}
