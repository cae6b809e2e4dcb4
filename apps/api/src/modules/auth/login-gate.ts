import type { AppContext } from '../../core/context.js';
import { tooManyAttempts } from '../../core/errors.js';
import { forget, giveBack, takeAttempt, type Budget } from './throttle.js';

/** How many failures from every address together before an account slows down for all of them. */
export const ACCOUNT_WIDE_FACTOR = 10;
const MINUTE = 60_000;

export interface LoginGate {
  /** The counter of this account from this device or address: forgotten on success. */
  own: string;
  /** Counters shared with others (the address, the account from anywhere): one given back. */
  shared: string[];
}

/** « 1 minute », « 15 minutes ». */
export const minutes = (seconds: number): string => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n > 1 ? 's' : ''}`;
};

/**
 * Takes a sign-in attempt before the password is checked (see « Sécurité » in ARCHITECTURE.md).
 * - A device that signed in to this account before (device.ts): only its own counter.
 * - Otherwise: the account from this address; the address over every account; the account from
 *   every address without a known device, ten times the per-account limit.
 * Each allows its free attempts, then doubling delays up to LOGIN_FAILURE_WINDOW_MINUTES; never a
 * lock that the owner's right password cannot get through from a device of theirs.
 */
export async function enterLogin(
  ctx: AppContext,
  email: string,
  ip: string,
  deviceId: string | undefined,
): Promise<LoginGate> {
  const { perAccount, perIp, windowMinutes } = ctx.config.throttle;
  const budget = (free: number): Budget => ({
    free,
    firstDelayMs: MINUTE,
    maxDelayMs: windowMinutes * MINUTE,
  });
  const counters: [string, Budget][] = deviceId
    ? [[`device:${deviceId}|${email}`, budget(perAccount)]]
    : [
        [`pair:${email}|${ip}`, budget(perAccount)],
        [`ip:${ip}`, budget(perIp)],
        [`account:${email}`, budget(perAccount * ACCOUNT_WIDE_FACTOR)],
      ];
  const { db } = ctx.database;
  const taken: string[] = [];
  for (const [key, b] of counters) {
    const wait = await takeAttempt(db, key, b);
    if (wait > 0) {
      for (const k of taken) await giveBack(db, k);
      throw tooManyAttempts(
        `Trop de tentatives de connexion échouées. Réessayez dans ${minutes(wait)} ou réinitialisez votre mot de passe.`,
        wait,
      );
    }
    taken.push(key);
  }
  const [own, ...shared] = taken;
  return { own: own!, shared };
}

/** The password was right: this device or address starts afresh, the shared counters forget it. */
export async function leaveLogin(ctx: AppContext, gate: LoginGate): Promise<void> {
  const { db } = ctx.database;
  await forget(db, [gate.own]);
  for (const key of gate.shared) await giveBack(db, key);
}
