import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * PostgreSQL: `comptoir_exiger(condition)` fails the statement (SQLSTATE CPT01) unless the
 * condition holds. The statement of a cash sale's rows, when its COMMIT already follows it on the
 * wire (db/pg-nommees.ts), calls it to refuse what would need a statement after it: a shop without
 * a journal head yet, a clock gone back more than a minute (journal.append.ts). The refused sale
 * is rolled back whole (its COMMIT finds the transaction failed) and written again, its COMMIT
 * sent after its last statement. SQLite: nothing.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`create function comptoir_exiger(condition boolean) returns boolean
    language plpgsql as $$
    begin
      if condition is not true then
        raise exception 'comptoir : une instruction doit suivre' using errcode = 'CPT01';
      end if;
      return true;
    end $$`.execute(db);
}
