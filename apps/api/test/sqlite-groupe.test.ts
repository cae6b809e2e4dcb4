import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DialecteGroupe, transactionsGroupees } from '../src/db/sqlite-groupe.js';
import { TEST_DIALECT } from './support/database.js';

// The SQLite driver with shared commits (src/db/sqlite-groupe.ts), on a real file in WAL mode with
// synchronous=FULL, as the app opens it. A third connection plays whoever looks at the disk.
interface Base {
  t: { id: Generated<number>; v: string };
}

let fichier: string;
let ecrivain: SQLite.Database;
let lecteur: SQLite.Database;
let temoin: SQLite.Database;
let db: Kysely<Base>;
let instructions: string[];

const lignesSurDisque = (): string[] =>
  (temoin.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);
const commits = (): number => instructions.filter((s) => s === 'commit').length;

beforeEach(() => {
  fichier = path.join(mkdtempSync(path.join(tmpdir(), 'comptoir-groupe-')), 'g.sqlite');
  ecrivain = new SQLite(fichier);
  ecrivain.pragma('journal_mode = WAL');
  ecrivain.pragma('synchronous = FULL');
  ecrivain.exec('create table t (id integer primary key, v text not null unique)');
  lecteur = new SQLite(fichier);
  temoin = new SQLite(fichier);
  instructions = [];
  db = new Kysely<Base>({
    dialect: new DialecteGroupe({
      ecrivain: (texte) => {
        instructions.push(texte);
        return ecrivain.prepare(texte);
      },
      ecrivainEnTransaction: () => ecrivain.inTransaction,
      lecteur: (texte) => lecteur.prepare(texte),
      fermer: () => {
        lecteur.close();
        ecrivain.close();
      },
    }),
  });
});

afterEach(async () => {
  await db.destroy();
  temoin.close();
});

/** A sale-like transaction: one row, answered once the COMMIT is on disk. */
const vente = (v: string, avant?: (trx: Kysely<Base>) => Promise<void>) =>
  transactionsGroupees(() =>
    db.transaction().execute(async (trx) => {
      await avant?.(trx);
      await trx.insertInto('t').values({ v }).execute();
      return v;
    }),
  );

describe.skipIf(TEST_DIALECT === 'postgres')('SQLite : commits partagés', () => {
  it('20 ventes simultanées : un seul COMMIT, chacune répondue une fois ses lignes sur le disque', async () => {
    const vuesALaReponse: boolean[] = [];
    const noms = Array.from({ length: 20 }, (_, i) => `v${i}`);
    await Promise.all(
      noms.map((v) => vente(v).then(() => vuesALaReponse.push(lignesSurDisque().includes(v)))),
    );
    expect(lignesSurDisque()).toEqual(noms);
    expect(vuesALaReponse).toEqual(noms.map(() => true));
    expect(commits()).toBe(1);
  });

  it('une vente qui échoue n’annule que la sienne ; les autres sont répondues et gardées', async () => {
    const issues = await Promise.allSettled([
      vente('a'),
      vente('b', async (trx) => {
        await trx.insertInto('t').values({ v: 'b-partielle' }).execute();
        throw new Error('stock insuffisant');
      }),
      vente('a'), // unique: refused by SQLite
      vente('c'),
    ]);
    expect(issues.map((i) => i.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(lignesSurDisque()).toEqual(['a', 'c']);
    expect(commits()).toBe(1);
  });

  it('une lecture hors transaction ne voit pas une vente du groupe avant son COMMIT', async () => {
    let vueParLaVenteSuivante: string[] = [];
    let vueHorsTransaction: string[] = [];
    let vueEnSql: string[] = [];
    await Promise.all([
      vente('a'),
      vente('b', async (trx) => {
        vueParLaVenteSuivante = (await trx.selectFrom('t').select('v').execute()).map((r) => r.v);
        vueHorsTransaction = (await db.selectFrom('t').select('v').execute()).map((r) => r.v);
        vueEnSql = (await sql<{ v: string }>`select v from t`.execute(db)).rows.map((r) => r.v);
      }),
    ]);
    expect(vueParLaVenteSuivante).toEqual(['a']);
    expect(vueHorsTransaction).toEqual([]);
    expect(vueEnSql).toEqual([]);
    expect((await db.selectFrom('t').select('v').execute()).map((r) => r.v)).toEqual(['a', 'b']);
  });

  it('une écriture qui n’est pas une vente passe seule, après le COMMIT des ventes avant elle', async () => {
    let vuAuDebut: string[] = [];
    await Promise.all([
      vente('a'),
      db.transaction().execute(async (trx) => {
        vuAuDebut = lignesSurDisque();
        await trx.insertInto('t').values({ v: 'import' }).execute();
      }),
      vente('b'),
    ]);
    expect(vuAuDebut).toEqual(['a']);
    expect(lignesSurDisque()).toEqual(['a', 'import', 'b']);
    expect(commits()).toBe(3);
  });

  it('une vente arrivée au tour suivant de la boucle partage encore le COMMIT', async () => {
    let seconde: Promise<string> | undefined;
    const premiere = vente('a', async () => {
      setImmediate(() => (seconde = vente('b')));
    });
    await premiere;
    await seconde;
    expect(lignesSurDisque()).toEqual(['a', 'b']);
    expect(commits()).toBe(1);
  });

  it('SQLite annule toute la transaction : les ventes du groupe en attente échouent aussi', async () => {
    const issues = await Promise.allSettled([
      vente('a'),
      vente('b', async (trx) => {
        await sql`rollback`.execute(trx);
        throw new Error('disque plein');
      }),
    ]);
    expect(issues.map((i) => i.status)).toEqual(['rejected', 'rejected']);
    expect(lignesSurDisque()).toEqual([]);
    await vente('c');
    expect(lignesSurDisque()).toEqual(['c']);
  });

  it('la base fermée pendant une vente : celles d’avant sont validées, rien de celle en cours', async () => {
    let ouvrir!: () => void;
    const porte = new Promise<void>((o) => (ouvrir = o));
    let commencee!: () => void;
    const enCours = new Promise<void>((c) => (commencee = c));
    const premiere = vente('a');
    const seconde = vente('b', async (trx) => {
      await trx.insertInto('t').values({ v: 'b-moitie' }).execute();
      commencee();
      await porte;
    });
    await enCours;
    await db.destroy();
    expect(await premiere).toBe('a');
    expect(lignesSurDisque()).toEqual(['a']);
    ouvrir();
    await expect(seconde).rejects.toThrow();
  });
});
