import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { signAccessToken } from '../../core/access-token.js';
import { AppError, unauthenticated } from '../../core/errors.js';
import { isoIn, nowIso } from '../../db/time.js';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.js';
import { enterLogin, leaveLogin } from './login-gate.js';
import { loadSessionUser } from './session-user.js';
import { hashToken, newOpaqueToken } from './tokens.js';
import { jetConnexion } from '../journal/journal.jet.js';

const invalidCredentials = () =>
  new AppError(
    401,
    'INVALID_CREDENTIALS',
    'Connexion refusée',
    'Adresse e-mail ou mot de passe incorrect.',
  );
const invalidRefresh = () =>
  unauthenticated('Votre session a expiré. Reconnectez-vous.', 'INVALID_REFRESH_TOKEN');
export const accountDisabled = () =>
  new AppError(
    401,
    'ACCOUNT_DISABLED',
    'Compte désactivé',
    'Ce compte est désactivé. Contactez votre responsable.',
  );

/** Refuses the most common passwords, with a French message on the field. */
export function assertPasswordAcceptable(password: string, field: string): void {
  if (isCommonPassword(password)) {
    const message =
      'Ce mot de passe est trop courant : choisissez-en un autre, plus difficile à deviner.';
    throw new AppError(400, 'WEAK_PASSWORD', 'Mot de passe trop faible', message, [
      { field, message },
    ]);
  }
}

async function issueTokens(
  ctx: AppContext,
  userId: number,
  familyId: string,
): Promise<AuthResponse> {
  const { db } = ctx.database;
  const user = await loadSessionUser(ctx, userId);
  const row = await db
    .selectFrom('users')
    .select('session_version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const refreshToken = newOpaqueToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(refreshToken),
      created_at: nowIso(),
      expires_at: isoIn(ctx.config.refreshTokenTtlDays * 86_400_000),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  const token = await signAccessToken(ctx.config, {
    userId,
    email: user.email,
    roles: user.roles.map((r) => r.nom),
    sessionVersion: row.session_version,
  });
  return { token, refreshToken, user };
}

/**
 * Checks an e-mail and password as a sign-in does: the attempt is taken from the throttle counters
 * before the password is checked (login-gate.ts), so simultaneous guesses cannot all pass.
 * `deviceId`: this browser signed in to this account before (device.ts). Returns the account id.
 */
export async function checkCredentials(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
  deviceId?: string,
): Promise<number> {
  const gate = await enterLogin(ctx, email, ip, deviceId);
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active'])
    .where('email', '=', email)
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok) throw invalidCredentials();
  await leaveLogin(ctx, gate);
  if (user.active !== 1) throw accountDisabled();
  return user.id;
}

/** A new session (a new family of refresh tokens) for an account that just proved itself. */
export async function openSession(ctx: AppContext, userId: number): Promise<AuthResponse> {
  // The sign-in goes to the technical events journal of the account's shops (modules/journal).
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ last_login_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    await jetConnexion(trx, userId);
  });
  return issueTokens(ctx, userId, randomUUID());
}

/** Signs in (checkCredentials, then a new session). */
export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
  deviceId?: string,
): Promise<AuthResponse> {
  return openSession(ctx, await checkCredentials(ctx, email, password, ip, deviceId));
}

/**
 * Rotation: a refresh token serves once. Presenting a spent one again means it was stolen or
 * replayed: the whole family (every token descended from that sign-in) is revoked.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<AuthResponse> {
  const { db } = ctx.database;
  const row = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  if (!row || row.revoked_at) throw invalidRefresh();
  const now = nowIso();
  if (row.used_at) {
    await revokeFamily(ctx, row.family_id);
    throw invalidRefresh();
  }
  if (row.expires_at <= now) throw invalidRefresh();
  const spent = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeFamily(ctx, row.family_id);
    throw invalidRefresh();
  }
  const user = await db
    .selectFrom('users')
    .select(['active'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user) throw invalidRefresh();
  if (user.active !== 1) throw accountDisabled();
  return issueTokens(ctx, row.user_id, row.family_id);
}

/**
 * Signing out: the refresh token and its whole family (every token of that sign-in) are revoked.
 * An unknown or already revoked token changes nothing and answers the same.
 */
export async function logout(ctx: AppContext, refreshToken: string): Promise<void> {
  const row = await ctx.database.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  if (row) await revokeFamily(ctx, row.family_id);
}

async function revokeFamily(ctx: AppContext, familyId: string): Promise<void> {
  await ctx.database.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user: refresh tokens revoked, access tokens refused at the next call. */
export async function revokeAllSessions(ctx: AppContext, userId: number): Promise<void> {
  const { db } = ctx.database;
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function updatePassword(
  ctx: AppContext,
  userId: number,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const { db } = ctx.database;
  const user = await db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    const message = 'Le mot de passe actuel est incorrect.';
    throw new AppError(400, 'WRONG_PASSWORD', 'Mot de passe incorrect', message, [
      { field: 'currentPassword', message },
    ]);
  }
  assertPasswordAcceptable(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  await revokeAllSessions(ctx, userId);
}
