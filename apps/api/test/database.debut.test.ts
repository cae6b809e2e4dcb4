import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { espionnerEnvois } from './support/envois-pg.js';
import { derniereInstruction, poolNomme, SUITE_NECESSAIRE } from '../src/db/pg-nommees.js';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database.js';

/**
 * PostgreSQL, a transaction's BEGIN sent with its first statement (db/pg-nommees.ts): the
 * statement leaves while BEGIN is still in flight, and still runs inside the transaction (rolled
 * back with it); a failing first statement leaves the connection usable. Its COMMIT sent behind its
 * last statement (`derniereInstruction`): it leaves without waiting for that statement's answer; a
 * statement asked after it is refused, the transaction being already committed; a last statement
 * that fails leaves nothing written.
 */
describe.skipIf(TEST_DIALECT !== 'postgres')(
  'BEGIN avec la première instruction, COMMIT derrière la dernière',
  () => {
    let base: TestDatabase;
    let database: Database;
    let espion: ReturnType<typeof espionnerEnvois>;

    beforeAll(async () => {
      base = await createMigratedTestDatabase();
      database = openDatabase(base.config);
      await sql`create table essai_debut (id integer primary key)`.execute(database.db);
      await sql`create table essai_derniere (id integer primary key)`.execute(database.db);
      espion = espionnerEnvois();
    });
    afterEach(() => {
      espion.envois.length = 0;
    });
    afterAll(async () => {
      espion?.retirer();
      await database?.close();
      await base.drop();
    });

    const lignes = async (table = 'essai_debut') =>
      (
        await sql<{ id: number }>`select id from ${sql.table(table)} order by id`.execute(
          database.db,
        )
      ).rows.map((r) => r.id);

    it('la première instruction part derrière BEGIN sans l’attendre, dans la transaction', async () => {
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into essai_debut values (1)`.execute(trx);
        await sql`insert into essai_debut values (2)`.execute(trx);
      });
      const [debut, premiere, seconde] = espion.envois;
      expect(debut).toMatchObject({ texte: 'begin', apresUnAutre: false });
      expect(premiere).toMatchObject({
        texte: 'insert into essai_debut values (1)',
        apresUnAutre: true,
      });
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

    it('le COMMIT part derrière la dernière instruction, sans attendre sa réponse', async () => {
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into essai_derniere values (1)`.execute(trx);
        await derniereInstruction(() => sql`insert into essai_derniere values (2)`.execute(trx));
      });
      // This transaction's connection only.
      const client = espion.envois.find((e) => e.texte.includes('values (1)'))!.client;
      const siens = espion.envois.filter((e) => e.client === client);
      const textes = siens.map((e) => e.texte);
      expect(textes).toEqual([
        'begin',
        'insert into essai_derniere values (1)',
        'insert into essai_derniere values (2)',
        'commit',
      ]);
      expect(siens[3]!.apresUnAutre).toBe(true);
      expect(await lignes('essai_derniere')).toEqual([1, 2]);
    });

    it('une instruction après la dernière est refusée : la transaction est déjà validée', async () => {
      await expect(
        database.db.transaction().execute(async (trx) => {
          await derniereInstruction(() => sql`insert into essai_derniere values (3)`.execute(trx));
          await sql`insert into essai_derniere values (4)`.execute(trx);
        }),
      ).rejects.toThrow('Transaction déjà validée');
      expect(await lignes('essai_derniere')).toEqual([1, 2, 3]);
    });

    it('une dernière instruction en échec n’écrit rien ; la connexion sert encore', async () => {
      const echec = database.db.transaction().execute(async (trx) => {
        await sql`insert into essai_derniere values (5)`.execute(trx);
        await derniereInstruction(() => sql`select comptoir_exiger(false)`.execute(trx));
      });
      await expect(echec).rejects.toMatchObject({ code: SUITE_NECESSAIRE });
      await database.db.transaction().execute(async (trx) => {
        await derniereInstruction(() => sql`insert into essai_derniere values (6)`.execute(trx));
      });
      expect(await lignes('essai_derniere')).toEqual([1, 2, 3, 6]);
    });

    it('une dernière instruction au plan périmé échoue, sans être rejouée hors de sa transaction', async () => {
      await sql`create table essai_perime (id integer primary key, a text)`.execute(database.db);
      // Seen twice, the text is sent named and prepared on the connection: one connection, never
      // closed for idleness (pg's default closes it after 10 s), for these transactions.
      const url = base.config.kind === 'postgres' ? base.config.url : '';
      const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
      const une = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: poolNomme(pool) }) });
      const inserer = (id: number) =>
        une
          .transaction()
          .execute((trx) =>
            derniereInstruction(() =>
              sql`insert into essai_perime (id, a) values (${id}, 'x') returning *`.execute(trx),
            ),
          );
      for (const id of [1, 2, 3]) await inserer(id);
      const autre = new pg.Client({ connectionString: url });
      await autre.connect();
      await autre.query('alter table essai_perime add column b integer');
      await autre.end();
      await expect(inserer(4)).rejects.toThrow(/cached plan must not change result type/);
      expect(await lignes('essai_perime')).toEqual([1, 2, 3]);
      await inserer(5);
      await une.destroy();
      expect(await lignes('essai_perime')).toEqual([1, 2, 3, 5]);
    });
  },
);
