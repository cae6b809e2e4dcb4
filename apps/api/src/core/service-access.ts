import type { Kysely, Selectable } from 'kysely';
import type { DB, ServicesTable } from '../db/schema.js';
import type { AuthUser } from './authenticate.js';
import type { AppContext } from './context.js';
import { AppError, forbidden, notFound } from './errors.js';

/**
 * The shop check of every shop-scoped call: an administrator reaches any shop, an owner the shops
 * they own, a manager the shops they work in. Anything else is 404, whatever the id.
 */
export async function requireServiceAccess(
  ctx: AppContext,
  user: AuthUser,
  serviceId: number,
  db: Kysely<DB> = ctx.database.db,
): Promise<Selectable<ServicesTable>> {
  // One query: the shop and whether the user works in it.
  const row = await db
    .selectFrom('services')
    .selectAll('services')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('service_members')
            .select('service_members.user_id')
            .where('service_members.service_id', '=', serviceId)
            .where('service_members.user_id', '=', user.id),
        )
        .as('est_membre'),
    )
    .where('services.id', '=', serviceId)
    .executeTakeFirst();
  return checkServiceAccess(user, row);
}

/** The shop check on a shop already read with whether the user works in it: the shop, or 404. */
export function checkServiceAccess(
  user: AuthUser,
  row: (Selectable<ServicesTable> & { est_membre: unknown }) | undefined,
): Selectable<ServicesTable> {
  if (row) {
    const { est_membre: membre, ...service } = row;
    if (mayAccess(user, service, Boolean(membre))) return service;
  }
  throw notFound('Boutique introuvable.');
}

function mayAccess(user: AuthUser, service: Selectable<ServicesTable>, member: boolean): boolean {
  if (user.roles.includes('ROLE_ADMIN')) return true;
  if (user.roles.includes('ROLE_PROPRIETAIRE') && service.owner_id === user.id) return true;
  return user.roles.includes('ROLE_GERANT') && member;
}

/**
 * Owner-only actions in a shop (delete, deactivate, adjust stock, brands, suppliers): the owner of
 * this shop. An owner who also works as a manager in another owner's shop is a manager there: 403.
 */
export function requireShopOwner(user: AuthUser, service: Selectable<ServicesTable>): void {
  if (service.owner_id !== user.id) throw forbidden();
}

/**
 * A shop disabled by the administrator is read-only for its owner and managers: they keep reading
 * and exporting its records (sales must be kept), but every write is refused, whatever the
 * subscription. The administrator is not limited (to repair, then reactivate). Checked by
 * defineRoute on every shop-scoped write (core/route.ts).
 */
export function requireOpenShop(user: AuthUser, service: Selectable<ServicesTable>): void {
  if (service.active === 1 || user.roles.includes('ROLE_ADMIN')) return;
  throw new AppError(
    403,
    'SHOP_DISABLED',
    'Boutique désactivée',
    "Cette boutique a été désactivée par l'administrateur de Comptoir : ses données restent consultables, mais plus rien ne peut y être enregistré. Contactez l'administrateur pour la réactiver.",
  );
}
