import { sql, type Kysely } from 'kysely';

/**
 * The closures of a shop's journal, by sequence: a partial index that holds only the closure
 * entries (a few a day), so that a sale's entry costs no index write more. The previous closure
 * of a kind and the list of closures are read from it (`CLOTURE` in journal.repository.ts repeats
 * its condition word for word, which SQLite needs to use a partial index), instead of walking the
 * chain backwards from its head — a year of entries for the year's closure when the planner has
 * no statistics yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index journal_entrees_clotures_idx on journal_entrees (service_id, sequence)
    where type in ('cloture_jour', 'cloture_mois', 'cloture_exercice')`.execute(db);
}
