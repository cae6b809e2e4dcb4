import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { RESUMES_PAR_INDEX } from '../summaries.js';

/**
 * PostgreSQL: the functions of the summary triggers (db/summaries.ts) read the sale, return or
 * line of each new row through its primary key, whatever the statistics say. A function's plan is
 * kept for the life of the connection: planned while `ventes` held the 450 sales of a new shop, it
 * read the whole table at each sale (a hash join), and kept doing so as the table grew until the
 * next automatic ANALYZE. Measured (auto_explain, one till): the summary upserts of a sale took
 * 0.10 to 0.31 ms each for the server against 0.03 to 0.09 for a connection opened later, and the
 * sale's write statement 2.29 ms against 1.46 (median). The new rows are a sale's few lines: an
 * index lookup each is always the right plan. SQLite: nothing (row triggers, by `new.id`).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  const { rows } = await sql<{ fonction: string }>`
    select distinct p.oid::regprocedure::text as fonction
    from pg_trigger t join pg_proc p on p.oid = t.tgfoid
    where t.tgnewtable is not null and not t.tgisinternal and p.proname ~ '_(quarts|jours|mois|annees)_.*_f$'`.execute(
    db,
  );
  for (const { fonction } of rows)
    await sql.raw(`alter function ${fonction} ${RESUMES_PAR_INDEX}`).execute(db);
}
