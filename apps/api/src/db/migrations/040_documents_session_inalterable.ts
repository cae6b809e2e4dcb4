import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { FROZEN, triggersOf } from './019_journal.js';

/**
 * The session a sale, a return or a repayment was made on (`caisse_session_id`, migration 018) is
 * part of the document, as its amounts are: moving it would change two sessions' X and Z figures
 * (docs/regles-metier.md « Journal inaltérable »). No code sets it after the insert — a sale,
 * online or synchronised from offline, a return and a repayment get it when written, and a
 * document made without a register keeps none —, so it is frozen from the start, null included.
 * The UPDATE triggers of the three tables are made again with that column added to the frozen
 * ones (for `ventes`, after migration 035's `avoir`); the DELETE triggers stay as 019 made them.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const frozen: Record<string, readonly string[]> = {
    ventes: [...(FROZEN.ventes ?? []), 'avoir', 'caisse_session_id'],
    retours: [...(FROZEN.retours ?? []), 'caisse_session_id'],
    reglements: [...(FROZEN.reglements ?? []), 'caisse_session_id'],
  };
  for (const [table, columns] of Object.entries(frozen)) {
    const [, update] = triggersOf(ctx, table, columns);
    await sql
      .raw(
        ctx.dialect === 'postgres'
          ? `drop trigger ${table}_inalterable_u on ${table}`
          : `drop trigger ${table}_inalterable_u`,
      )
      .execute(db);
    await sql.raw(update!).execute(db);
  }
}
