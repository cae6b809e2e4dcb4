import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { executer, NOMMEES_PAR_CONNEXION } from '../src/db/pg-nommees.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database.js';

/**
 * Named prepared statements on PostgreSQL (db/pg-nommees.ts): a statement run again is parsed
 * once per connection, gives the same rows, survives its own failures and the tables changing
 * under it, and a connection keeps a bounded number of them.
 */
describe.skipIf(TEST_DIALECT !== 'postgres')('instructions nommées (PostgreSQL)', () => {
  let base: TestDatabase;
  let database: Database;
  let pool: pg.Pool;

  beforeAll(async () => {
    base = await createTestDatabase();
    if (base.config.kind !== 'postgres') return;
    database = openDatabase(base.config);
    pool = new pg.Pool({ connectionString: base.config.url, max: 2 });
    await sql`create table essai (id integer primary key, v text)`.execute(database.db);
    await sql`insert into essai values (1, 'un'), (2, 'deux'), (3, null)`.execute(database.db);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.close();
    await base.drop();
  });

  /** The named statements of the client's session: text → plans made (custom or generic). */
  const preparees = async (client: pg.PoolClient) =>
    (
      await client.query<{ statement: string; plans: number }>(
        `select statement, generic_plans + custom_plans as plans from pg_prepared_statements`,
      )
    ).rows;

  it('par Kysely, une instruction répétée est préparée une fois sur sa connexion, ses lignes identiques', async () => {
    const lire = (id: number) => sql`select id, v from essai where id = ${id}`;
    const attendu = [[{ id: 1, v: 'un' }], [{ id: 2, v: 'deux' }], [{ id: 3, v: null }], []];
    const { lignes, statements } = await database.db.transaction().execute(async (trx) => {
      const lues = [];
      for (const id of [1, 2, 3, 4, 1, 2]) lues.push((await lire(id).execute(trx)).rows);
      const { rows } = await sql<{
        statement: string;
        plans: number;
      }>`select statement, generic_plans + custom_plans as plans from pg_prepared_statements`.execute(
        trx,
      );
      return { lignes: lues, statements: rows };
    });
    expect(lignes).toEqual([...attendu, [{ id: 1, v: 'un' }], [{ id: 2, v: 'deux' }]]);
    // The first run is unnamed (a text seen once); the five after it share one statement.
    expect(statements).toEqual([{ statement: 'select id, v from essai where id = $1', plans: 5 }]);
  });

  it('une instruction nommée en échec ne gâte pas la connexion, ni une qui ne se prépare pas', async () => {
    const client = await pool.connect();
    try {
      const division = 'select 10 / $1::integer as q';
      expect((await executer(client, division, [2])).rows).toEqual([{ q: 5 }]);
      await expect(executer(client, division, [0])).rejects.toThrow(/division by zero/);
      expect((await executer(client, division, [5])).rows).toEqual([{ q: 2 }]);
      expect((await preparees(client)).map((p) => p.statement)).toEqual([division]);

      const absente = 'select id from absente where id = $1';
      for (let i = 0; i < 2; i++)
        await expect(executer(client, absente, [1])).rejects.toThrow(/absente/);
      await pool.query('create table absente (id integer primary key)');
      await pool.query('insert into absente values (1)');
      expect((await executer(client, absente, [1])).rows).toEqual([{ id: 1 }]);
      expect((await preparees(client)).map((p) => p.statement).sort()).toEqual([division, absente]);
    } finally {
      client.release();
    }
  });

  it('une table changée ailleurs ou sur la connexion : l’instruction se prépare à nouveau', async () => {
    await pool.query('create table changeante (id integer primary key, a text)');
    await pool.query(`insert into changeante values (1, 'a')`);
    const [client, autre] = [await pool.connect(), await pool.connect()];
    try {
      const tout = 'select * from changeante where id = $1';
      for (let i = 0; i < 2; i++) await executer(client, tout, [1]);
      await autre.query('alter table changeante add column b integer');
      // PostgreSQL: « cached plan must not change result type »; outside a transaction, run again.
      expect((await executer(client, tout, [1])).rows).toEqual([{ id: 1, a: 'a', b: null }]);
      await client.query('begin');
      await executer(client, tout, [1]);
      await executer(client, 'alter table changeante add column c integer', []);
      expect((await executer(client, tout, [1])).rows).toEqual([
        { id: 1, a: 'a', b: null, c: null },
      ]);
      await client.query('commit');
      expect((await preparees(client)).map((p) => p.statement)).toEqual([tout]);
    } finally {
      client.release();
      autre.release();
    }
  });

  it(`une connexion garde au plus ${NOMMEES_PAR_CONNEXION} instructions, la moins récente rendue`, async () => {
    const client = await pool.connect();
    try {
      await client.query('deallocate all');
      const texte = (i: number) => `select ${i} + $1::integer as n`;
      const total = NOMMEES_PAR_CONNEXION + 20;
      for (let i = 0; i < total; i++)
        for (let fois = 0; fois < 2; fois++) await executer(client, texte(i), [fois]);
      const gardees = (await preparees(client)).map((p) => p.statement);
      expect(gardees).toHaveLength(NOMMEES_PAR_CONNEXION);
      expect(gardees).not.toContain(texte(0));
      expect(gardees).toContain(texte(total - 1));
      // The one given back is prepared again when it comes back, under a new name.
      expect((await executer(client, texte(0), [7])).rows).toEqual([{ n: 7 }]);
      expect((await preparees(client)).map((p) => p.statement)).toContain(texte(0));
    } finally {
      client.release();
    }
  });
});
