import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { nowIso, runWithClock } from '../../db/time.js';
import { purgeThrottle } from './throttle.js';

const EVERY_MS = 60 * 60 * 1000;

/** Deletes expired refresh tokens, reset keys and invitations (with their keys), and throttle counters left alone for a day. */
export async function purgeExpired(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const now = nowIso();
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<', now).execute();
  await db.deleteFrom('invitations').where('expires_at', '<', now).execute();
  await purgeThrottle(db);
}

/** Purges once the app is ready, then every hour, inside the process (no separate command). */
export function schedulePurge(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    runWithClock(ctx.clock, () => purgeExpired(ctx)).catch((err: unknown) =>
      app.log.error({ err }, 'Échec de la purge des jetons expirés'),
    );
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
