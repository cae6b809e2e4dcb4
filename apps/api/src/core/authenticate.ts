import type { FastifyRequest } from 'fastify';
import { effectiveRole, isRole, type Role } from '@comptoir/shared';
import { verifyAccessToken } from '../modules/auth/tokens.js';
import type { AppContext } from './context.js';
import { AppError, forbidden, unauthenticated } from './errors.js';

export interface AuthUser {
  id: number;
  email: string;
  roles: Role[];
  effectiveRole: Role | null;
}

/**
 * Checks the bearer token, then the account itself on every call: a disabled account, or a
 * session older than the last password change, is refused at once.
 */
export async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  access: 'user' | readonly Role[],
): Promise<AuthUser> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthenticated();
  const claims = await verifyAccessToken(ctx.config, match[1]);
  const { db } = ctx.database;
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'active', 'session_version'])
    .where('id', '=', claims.userId)
    .executeTakeFirst();
  // A disabled account says so, even though disabling also ended its sessions.
  if (row && row.active !== 1) {
    throw new AppError(401, 'ACCOUNT_DISABLED', 'Compte désactivé', 'Ce compte est désactivé. Contactez votre responsable.');
  }
  if (!row || row.session_version !== claims.sessionVersion) {
    throw unauthenticated('Votre session a expiré. Reconnectez-vous.', 'TOKEN_EXPIRED');
  }
  const roleRows = await db.selectFrom('user_roles').select('role').where('user_id', '=', row.id).execute();
  const roles = roleRows.map((r) => r.role).filter(isRole);
  if (access !== 'user' && !roles.some((r) => access.includes(r))) throw forbidden();
  const user: AuthUser = { id: row.id, email: row.email, roles, effectiveRole: effectiveRole(roles) };
  (request as FastifyRequest & { authUserId?: number }).authUserId = user.id;
  return user;
}
