import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { runWithClock } from '../../db/time.js';
import { archivesManquantes } from './journal.archive.rattrapage.js';
import { cloturerEchues } from './journal.clotures.js';

const EVERY_MS = 10 * 60 * 1000;

/** One round of the automatic closures, at the app's clock (what the timer runs; tests call it). */
export const cloturesAutomatiques = (ctx: AppContext): Promise<number> =>
  runWithClock(ctx.clock, () => cloturerEchues(ctx.database.db));

/** The archives of closures made before archives existed, at the app's clock (tests call it). */
export const archivesRattrapees = (ctx: AppContext): Promise<number> =>
  runWithClock(ctx.clock, () => archivesManquantes(ctx.database.db));

/**
 * Closes, once the app is ready and then every ten minutes, the days, months and years that
 * ended (at the shop's midnight, in its time zone) with events not closed; then builds the
 * archives that closures made before migration 025 lack. In the background: start-up does not
 * wait for it. Several instances may run it at once: a closure locks the shop's journal head and
 * looks for the last one first; an archive is stored once per closure.
 */
export function scheduleClotures(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    await cloturesAutomatiques(ctx).catch((err: unknown) =>
      app.log.error({ err }, 'Échec des clôtures automatiques du journal'),
    );
    await archivesRattrapees(ctx).then(
      (faites) => {
        if (faites > 0) app.log.info({ faites }, 'Archives du journal construites après coup');
      },
      (err: unknown) => app.log.error({ err }, 'Échec des archives du journal à rattraper'),
    );
  };
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
