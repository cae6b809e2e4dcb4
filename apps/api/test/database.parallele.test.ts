import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, withoutParallelWorkers, type Database } from '../src/db/database.js';
import type { DB } from '../src/db/schema.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database.js';

/**
 * `withoutParallelWorkers` (db/database.ts), under which the dashboard reads its top products:
 * PostgreSQL without parallel workers for that read only; SQLite, or a caller's transaction, left
 * as they are.
 */
describe(`lecture sans processus parallèles (${TEST_DIALECT})`, () => {
  let base: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    base = await createTestDatabase();
    database = openDatabase(base.config);
  });
  afterAll(async () => {
    await database.close();
    await base.drop();
  });

  /** PostgreSQL's workers per query of the connection; SQLite has none. */
  const workers = async (db: Kysely<DB>) =>
    TEST_DIALECT === 'postgres'
      ? (
          await sql<{
            v: string;
          }>`select current_setting('max_parallel_workers_per_gather') as v`.execute(db)
        ).rows[0]!.v
      : 'sqlite';

  it('PostgreSQL : aucun processus parallèle pendant la lecture, le réglage rendu après ; SQLite : la lecture telle quelle', async () => {
    const before = await workers(database.db);
    const during = await withoutParallelWorkers(database.db, workers);
    const after = await workers(database.db);
    if (TEST_DIALECT === 'postgres') {
      expect(before).not.toBe('0');
      expect(during).toBe('0');
    } else expect(during).toBe('sqlite');
    expect(after).toBe(before);
  });

  it('dans la transaction d’un appelant : la lecture s’y fait, sans toucher à ses réglages', async () => {
    const before = await workers(database.db);
    const [during, after] = await database.db.transaction().execute(async (trx) => {
      const d = await withoutParallelWorkers(trx, workers);
      return [d, await workers(trx)];
    });
    expect(during).toBe(before);
    expect(after).toBe(before);
  });
});
