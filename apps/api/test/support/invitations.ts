import type { AppContext } from '../../src/core/context.js';
import { hashToken, newOpaqueToken } from '../../src/modules/auth/tokens.js';

/** A pending invitation of `ownerId` to `serviceIds`, valid a week from the app's clock; its key. */
export async function insertInvitation(
  ctx: AppContext,
  ownerId: number,
  serviceIds: readonly number[],
  email: string,
): Promise<{ id: number; key: string }> {
  const key = newOpaqueToken();
  const now = ctx.clock.now();
  const { id } = await ctx.database.db
    .insertInto('invitations')
    .values({
      owner_id: ownerId,
      email,
      token_hash: hashToken(key),
      created_at: now.toISOString(),
      sent_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.database.db
    .insertInto('invitation_services')
    .values(serviceIds.map((service_id) => ({ invitation_id: id, service_id })))
    .execute();
  return { id, key };
}
