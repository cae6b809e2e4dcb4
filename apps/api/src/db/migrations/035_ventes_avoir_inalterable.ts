import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { FROZEN, triggersOf } from './019_journal.js';

/**
 * The customer's credit a sale used (`ventes.avoir`, migration 034) is part of the validated sale,
 * as its total is: the database refuses to change it (docs/regles-metier.md « Journal
 * inaltérable »). The UPDATE trigger of `ventes` is made again with that column among the frozen
 * ones; the DELETE trigger stays as migration 019 made it.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const frozen = [...(FROZEN.ventes ?? []), 'avoir'];
  const [, update] = triggersOf(ctx, 'ventes', frozen);
  await sql
    .raw(
      ctx.dialect === 'postgres'
        ? 'drop trigger ventes_inalterable_u on ventes'
        : 'drop trigger ventes_inalterable_u',
    )
    .execute(db);
  await sql.raw(update!).execute(db);
}
