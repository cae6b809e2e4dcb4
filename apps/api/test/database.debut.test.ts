import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database.js';

/**
 * PostgreSQL, a transaction's BEGIN sent with its first statement (db/pg-nommees.ts): the
 * statement leaves while BEGIN is still in flight, and still runs inside the transaction (rolled
 * back with it); a failing first statement leaves the connection usable.
 */
describe.skipIf(TEST_DIALECT !== 'postgres')('BEGIN avec la première instruction', () => {
  let base: TestDatabase;
  let database: Database;
  const send = pg.Client.prototype.query;
  /** Each statement sent: its text, and whether another was in flight on its connection. */
  let envois: Array<{ texte: string; apresUnAutre: boolean }> = [];

  beforeAll(async () => {
    base = await createTestDatabase();
    database = openDatabase(base.config);
    await sql`create table essai_debut (id integer primary key)`.execute(database.db);
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const c = this as unknown as { _activeQuery?: unknown; _sentQueryQueue?: unknown[] };
      const texte =
        typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
      envois.push({ texte, apresUnAutre: Boolean(c._activeQuery || c._sentQueryQueue?.length) });
      return (send as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof send;
  });
  afterEach(() => {
    envois = [];
  });
  afterAll(async () => {
    pg.Client.prototype.query = send;
    await database?.close();
    await base.drop();
  });

  const lignes = async () =>
    (
      await sql<{ id: number }>`select id from essai_debut order by id`.execute(database.db)
    ).rows.map((r) => r.id);

  it('la première instruction part derrière BEGIN sans l’attendre, dans la transaction', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into essai_debut values (1)`.execute(trx);
      await sql`insert into essai_debut values (2)`.execute(trx);
    });
    const [debut, premiere, seconde] = envois;
    expect(debut).toEqual({ texte: 'begin', apresUnAutre: false });
    expect(premiere).toEqual({ texte: 'insert into essai_debut values (1)', apresUnAutre: true });
    expect(seconde?.apresUnAutre).toBe(false);
    expect(await lignes()).toEqual([1, 2]);
    // Rolled back with its transaction: the first statement did run inside it.
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into essai_debut values (3)`.execute(trx);
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await lignes()).toEqual([1, 2]);
  });

  it('une première instruction en échec annule la transaction ; la connexion sert encore', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into essai_debut values (1)`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key|unique/);
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into essai_debut values (4)`.execute(trx);
    });
    expect(await lignes()).toEqual([1, 2, 4]);
  });
});
