import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { effectiveRole, isRole, type Role } from '@comptoir/shared';
import type { DB } from '../db/schema.js';
import { verifyAccessToken, type VerifiedAccess } from './access-token.js';
import type { AppContext } from './context.js';
import { AppError, forbidden, unauthenticated } from './errors.js';

export interface AuthUser {
  id: number;
  email: string;
  roles: Role[];
  effectiveRole: Role | null;
}

/** The bearer token's claims (signature, issuer, audience, expiry); no database read. */
export async function verifyBearer(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<VerifiedAccess> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthenticated();
  return verifyAccessToken(ctx.config, match[1]);
}

/**
 * The account behind verified claims, read on every call (one query: the user and their roles):
 * a disabled account, or a session older than the last password change, is refused at once.
 */
export async function loadAuthUser(
  db: Kysely<DB>,
  request: FastifyRequest,
  claims: VerifiedAccess,
  access: 'user' | readonly Role[],
): Promise<AuthUser> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.active', 'users.session_version', 'user_roles.role'])
    .where('users.id', '=', claims.userId)
    .execute();
  const row = rows[0];
  return checkAuthUser(request, claims, access, row && { ...row, roles: rows.map((r) => r.role) });
}

/** An account as read for a call: its row and its roles (null: a row of the left join without role). */
export interface CompteLu {
  id: number;
  email: string;
  active: number;
  session_version: number;
  roles: Array<string | null>;
}

/** The checks of loadAuthUser on an account already read (core/access-read.ts reads it with the shop). */
export function checkAuthUser(
  request: FastifyRequest,
  claims: VerifiedAccess,
  access: 'user' | readonly Role[],
  row: CompteLu | undefined,
): AuthUser {
  // A disabled account says so, even though disabling also ended its sessions.
  if (row && row.active !== 1) {
    throw new AppError(
      401,
      'ACCOUNT_DISABLED',
      'Compte désactivé',
      'Ce compte est désactivé. Contactez votre responsable.',
    );
  }
  if (!row || row.session_version !== claims.sessionVersion) {
    throw unauthenticated('Votre session a expiré. Reconnectez-vous.', 'TOKEN_EXPIRED');
  }
  const roles = row.roles.filter((r): r is string => r !== null).filter(isRole);
  if (access !== 'user' && !roles.some((r) => access.includes(r))) throw forbidden();
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    roles,
    effectiveRole: effectiveRole(roles),
  };
  (request as FastifyRequest & { authUserId?: number }).authUserId = user.id;
  return user;
}

/**
 * Checks the bearer token, then the account itself on every call: a disabled account, or a
 * session older than the last password change, is refused at once.
 */
export async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  access: 'user' | readonly Role[],
  db: Kysely<DB> = ctx.database.db,
): Promise<AuthUser> {
  const claims = await verifyBearer(ctx, request);
  return loadAuthUser(db, request, claims, access);
}
