import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { isoIn, nowIso } from '../../db/time.js';
import { resetPasswordMail } from '../../mail/mailer.js';
import { assertPasswordAcceptable, revokeAllSessions } from '../auth/auth.service.js';
import { hashPassword } from '../auth/passwords.js';
import { takeAttempt, type Budget } from '../auth/throttle.js';
import { hashToken, newOpaqueToken } from '../auth/tokens.js';

export const RESET_KEY_TTL_MS = 60 * 60 * 1000;
/** No more than one mail a minute to one address: the form cannot be used to flood a mailbox. */
const RESET_MIN_INTERVAL_MS = 60 * 1000;

const MINUTE = 60_000;
/** One address asks for 5 links at once, then one after 1, 2, 4… minutes (one an hour at most). */
const PER_REQUESTER: Budget = { free: 5, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE };
/** One mailbox gets 3 links at once, then one after 15, 30… minutes (one a day at most). */
const PER_TARGET: Budget = { free: 3, firstDelayMs: 15 * MINUTE, maxDelayMs: 24 * 60 * MINUTE };

const invalidKey = () =>
  new AppError(
    400,
    'INVALID_RESET_KEY',
    'Lien invalide',
    'Ce lien de réinitialisation est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
  );

/** Creates a single-use key valid one hour and mails the link; `invitation` words it as a welcome. */
export async function sendResetLink(
  ctx: AppContext,
  userId: number,
  invitation = false,
): Promise<void> {
  const { db } = ctx.database;
  const user = await db
    .selectFrom('users')
    .select(['email', 'prenom'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const key = newOpaqueToken();
  const createdAt = nowIso();
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(key),
      created_at: createdAt,
      expires_at: new Date(Date.parse(createdAt) + RESET_KEY_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${ctx.config.publicUrl}/auth/reset-password?key=${encodeURIComponent(key)}`;
  await ctx.mailer.send(resetPasswordMail(user.email, user.prenom, link, invitation));
}

/**
 * Always answers the same way, whether the address exists or not (no account enumeration); the
 * mail leaves in the background so that timing tells nothing either.
 */
export async function requestReset(
  ctx: AppContext,
  email: string,
  ip: string,
  log: { error: (o: object, m: string) => void },
): Promise<void> {
  const { db } = ctx.database;
  // Counted before the account is looked up, known address or not: the answer stays the same.
  if ((await takeAttempt(db, `reset-ip:${ip}`, PER_REQUESTER)) > 0) return;
  if ((await takeAttempt(db, `reset-to:${email}`, PER_TARGET)) > 0) return;
  const user = await db
    .selectFrom('users')
    .select(['id', 'active'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user || user.active !== 1) return;
  const recent = await db
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('user_id', '=', user.id)
    .where('created_at', '>', isoIn(-RESET_MIN_INTERVAL_MS))
    .executeTakeFirst();
  if (recent) return;
  sendResetLink(ctx, user.id).catch((err: unknown) =>
    log.error({ err }, "Échec de l'envoi du lien de réinitialisation"),
  );
}

export async function finishReset(
  ctx: AppContext,
  key: string,
  newPassword: string,
): Promise<void> {
  const { db } = ctx.database;
  const row = await db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(key))
    .executeTakeFirst();
  const now = nowIso();
  if (!row || row.used_at || row.expires_at <= now) throw invalidKey();
  const user = await db
    .selectFrom('users')
    .select(['active'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user || user.active !== 1) throw invalidKey();
  assertPasswordAcceptable(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const spent = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw invalidKey();
  // Every other pending link of this user dies with this one.
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('used_at', 'is', null)
    .execute();
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', row.user_id)
    .execute();
  await revokeAllSessions(ctx, row.user_id);
}
