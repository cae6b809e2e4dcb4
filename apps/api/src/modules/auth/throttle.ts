import type { AppContext } from '../../core/context.js';
import { tooManyAttempts } from '../../core/errors.js';
import { isoIn, nowIso } from '../../db/time.js';

/**
 * Failed sign-ins are counted in the database (not in memory: several instances share them), per
 * account and per address, over a sliding window. Past the limit: 429, other accounts unaffected.
 */
export async function assertLoginAllowed(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<void> {
  const { db } = ctx.database;
  const { perAccount, perIp, windowMinutes } = ctx.config.throttle;
  const since = isoIn(-windowMinutes * 60_000);
  const [byAccount, byIp] = await Promise.all([
    db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(byAccount.n) >= perAccount || Number(byIp.n) >= perIp) {
    throw tooManyAttempts(
      `Trop de tentatives de connexion échouées. Réessayez dans ${windowMinutes} minutes ou réinitialisez votre mot de passe.`,
      windowMinutes * 60,
    );
  }
}

export async function recordLoginFailure(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<void> {
  const { db } = ctx.database;
  const cutoff = isoIn(-ctx.config.throttle.windowMinutes * 60_000);
  await db.deleteFrom('login_failures').where('created_at', '<', cutoff).execute();
  await db.insertInto('login_failures').values({ email, ip, created_at: nowIso() }).execute();
}

export async function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.database.db.deleteFrom('login_failures').where('email', '=', email).execute();
}
