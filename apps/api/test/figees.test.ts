import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { figee } from '../src/db/figees.js';
import type { DB } from '../src/db/schema.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

/**
 * Statements built once per shape of their values (db/figees.ts): the same rows as building them
 * each time, whatever the values; a new shape is built anew; a builder that looks at a value or
 * turns it into SQL text is refused at its first call.
 */
describe('instructions figées', () => {
  let base: TestDatabase;
  let database: Database;
  // An ad hoc table, outside the app's schema: Kysely is told its name by a cast.
  let db: Kysely<DB>;
  const table = 'essai_figee' as 'unites';

  beforeAll(async () => {
    base = await createTestDatabase();
    database = openDatabase(base.config);
    db = database.db;
    await sql`create table essai_figee (id integer primary key, nom text, note text, n integer)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await database?.close();
    await base.drop();
  });

  type Ligne = { id: number; nom: string; note?: string | null; n: number };
  let constructions = 0;
  const inserer = figee((d: Kysely<DB>, lignes: Ligne[]) => {
    constructions++;
    return d
      .insertInto(table)
      .values(lignes as never)
      .returning(['id' as never]);
  });
  const lire = figee((d: Kysely<DB>, ids: number[], avecNote: boolean, min: number | null) => {
    constructions++;
    let q = d
      .selectFrom(table)
      .select(['id' as never, 'nom' as never, ...(avecNote ? ['note' as never] : [])])
      .where('id' as never, 'in', ids as never);
    if (min !== null) q = q.where('n' as never, '>=', min as never);
    return q.orderBy('id' as never);
  });

  it('une même forme se construit une fois, chaque appel avec ses valeurs', async () => {
    constructions = 0;
    expect(await inserer(db, [{ id: 1, nom: 'un', n: 10 }])).toEqual([{ id: 1 }]);
    expect(await inserer(db, [{ id: 2, nom: 'deux', n: 20 }])).toEqual([{ id: 2 }]);
    expect(constructions).toBe(1);
    // Two rows, a null note, a note left out: three new shapes.
    await inserer(db, [
      { id: 3, nom: 'trois', n: 30 },
      { id: 4, nom: 'quatre', n: 40 },
    ]);
    await inserer(db, [{ id: 5, nom: 'cinq', note: null, n: 50 }]);
    await inserer(db, [{ id: 6, nom: 'six', note: 'n° 6', n: 60 }]);
    expect(constructions).toBe(4);
    await inserer(db, [{ id: 7, nom: 'sept', note: 'n° 7', n: 70 }]);
    expect(constructions).toBe(4);

    constructions = 0;
    expect(await lire(db, [1, 6, 7], true, 30)).toEqual([
      { id: 6, nom: 'six', note: 'n° 6' },
      { id: 7, nom: 'sept', note: 'n° 7' },
    ]);
    expect(await lire(db, [2, 3, 5], true, 25)).toEqual([
      { id: 3, nom: 'trois', note: null },
      { id: 5, nom: 'cinq', note: null },
    ]);
    expect(constructions).toBe(1);
    // A boolean and a null choose what is built: each is a shape of its own.
    expect(await lire(db, [1, 2, 3], false, 15)).toEqual([
      { id: 2, nom: 'deux' },
      { id: 3, nom: 'trois' },
    ]);
    expect(await lire(db, [1, 2, 3], false, null)).toEqual([
      { id: 1, nom: 'un' },
      { id: 2, nom: 'deux' },
      { id: 3, nom: 'trois' },
    ]);
    expect(await lire(db, [4], false, null)).toEqual([{ id: 4, nom: 'quatre' }]);
    expect(constructions).toBe(4);
  });

  it('nullsEnValeurs : une ligne avec ou sans note, une seule forme', async () => {
    let n = 0;
    const insererLignes = figee(
      (d: Kysely<DB>, lignes: Ligne[]) => {
        n++;
        return d.insertInto(table).values(lignes as never);
      },
      { nullsEnValeurs: true },
    );
    await insererLignes(db, [
      { id: 20, nom: 'a', note: null, n: 1 },
      { id: 21, nom: 'b', note: 'x', n: 2 },
    ]);
    await insererLignes(db, [
      { id: 22, nom: 'c', note: 'y', n: 3 },
      { id: 23, nom: 'd', note: null, n: 4 },
    ]);
    expect(n).toBe(1);
    expect(await lire(db, [20, 21, 22, 23], true, null)).toEqual([
      { id: 20, nom: 'a', note: null },
      { id: 21, nom: 'b', note: 'x' },
      { id: 22, nom: 'c', note: 'y' },
      { id: 23, nom: 'd', note: null },
    ]);
  });

  it('dans une transaction, sur sa connexion : annulée, rien ne reste', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await inserer(trx, [{ id: 100, nom: 'cent', n: 1 }]);
        expect(await lire(trx, [100], false, null)).toEqual([{ id: 100, nom: 'cent' }]);
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await lire(db, [100], false, null)).toEqual([]);
  });

  it('refuse une valeur regardée, devenue texte SQL, ou qui n’est pas une donnée simple', async () => {
    const regardee = figee((d: Kysely<DB>, n: number) =>
      d
        .selectFrom(table)
        .select('id' as never)
        .where('n' as never, '>=', (n > 0 ? n : 0) as never),
    );
    await expect(regardee(db, 5)).rejects.toThrow('chaque valeur doit devenir un paramètre');
    const texte = figee((d: Kysely<DB>, colonne: string) =>
      d.selectFrom(table).select(sql.ref(colonne).as('x')),
    );
    await expect(texte(db, 'nom')).rejects.toThrow('devenue du texte SQL');
    const objet = figee((d: Kysely<DB>, v: { nom: string }) =>
      d
        .selectFrom(table)
        .select('id' as never)
        .where('nom' as never, '=', v.nom as never),
    );
    await expect(
      objet(
        db,
        new (class {
          nom = 'un';
        })(),
      ),
    ).rejects.toThrow('seules des valeurs simples');
    expect(await objet(db, { nom: 'un' })).toEqual([{ id: 1 }]);
  });
});
