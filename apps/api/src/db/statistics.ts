import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * SQLite: no sampling (`analysis_limit` 0, every index row read). Sampled statistics see at most
 * half their sample per value of an index's first column, and every catalogue and document index
 * starts with service_id: at 100,000 products the planner believed a shop held 506 of them and
 * walked the whole shop's name index for one category's page (500 ms instead of 8). A full
 * ANALYZE of 100,000 products and their movements takes about 0.3 s, and runs only after a bulk
 * write or for a table that changed 25-fold.
 */
const SQLITE_ANALYSIS_LIMIT = 0;

/** How often the running server refreshes the statistics that went stale. */
export const STATISTICS_EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps the query planner informed without anyone running a command (ARCHITECTURE.md, « Statistiques
 * du planificateur »). Called after migrations, after bulk writes (product import, demo data) and
 * every hour.
 * - SQLite: `ANALYZE` of the tables named, then `PRAGMA optimize=0x10002`, which looks at every
 *   table and analyses those never analysed or whose size changed 25-fold since (a no-op when
 *   nothing moved); exact statistics (see SQLITE_ANALYSIS_LIMIT).
 * - PostgreSQL: `VACUUM (ANALYZE)` of the tables named (`ANALYZE` of the whole database when
 *   none); autovacuum, on by default, keeps them fresh between bulk writes.
 */
export async function refreshStatistics(
  database: Database,
  tables: readonly string[] = [],
): Promise<void> {
  if (database.dialect === 'sqlite') {
    await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(database.db);
    // optimize alone re-analyses a table only once it grew 25-fold: a bulk write's tables by name.
    for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(database.db);
    await sql.raw('pragma optimize = 0x10002').execute(database.db);
    return;
  }
  if (tables.length === 0) await sql`analyze`.execute(database.db);
  // After a bulk write, VACUUM too: the visibility map it sets lets a count or a page be read from
  // the index alone (index-only scan) before autovacuum comes by.
  else
    await sql`vacuum (analyze) ${sql.join(tables.map((t) => sql.table(t)))}`.execute(database.db);
}

/** One round of the periodic refresh (what the timer runs; tests call it). */
export async function statistiquesPeriodiques(database: Database): Promise<void> {
  if (database.dialect === 'sqlite') await refreshStatistics(database);
}

/**
 * Successful writes (any request but GET and HEAD, answered below 400) after which the stale statistics are
 * looked for again, besides the hourly round. A shop that enters or synchronises thousands of
 * documents within the hour, after statistics were taken on a few rows (demo data: 20 invoices),
 * was planned as if its tables were still small: SQLite read all 100,000 invoices to show a page of
 * 8 (7 to 40 ms instead of 1). When nothing grew 25-fold the look costs about 2 ms.
 */
export const STATISTICS_EVERY_WRITES = 1000;

/**
 * SQLite: refreshes the statistics that went stale, as SQLite advises for a long-lived connection:
 * tables that were empty at start-up and filled since (a new shop's sales, clients…), or that grew
 * 25-fold; every hour while the app runs and every `everyWrites` writes, one round at a time. Like
 * the other housekeeping (auth/purge.ts), a timer of the app, stopped when it closes. PostgreSQL:
 * nothing to do, its autovacuum does it.
 */
export function scheduleStatistics(
  app: FastifyInstance,
  database: Database,
  everyWrites = STATISTICS_EVERY_WRITES,
): void {
  if (database.dialect !== 'sqlite') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let writes = 0;
  const run = () => {
    running ??= statistiquesPeriodiques(database)
      .catch((err: unknown) =>
        app.log.error({ err }, 'Échec de la mise à jour des statistiques de la base'),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, STATISTICS_EVERY_MS);
    timer.unref();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (++writes < everyWrites) return;
    writes = 0;
    run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
