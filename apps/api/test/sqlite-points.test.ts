import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { pointsDeControle, SECOURS_PAGES } from '../src/db/sqlite-points.js';
import { TEST_DIALECT } from './support/database.js';

// Checkpoints on a worker thread (src/db/sqlite-points.ts), on real files in WAL mode.
const nouveauFichier = (): string =>
  path.join(mkdtempSync(path.join(tmpdir(), 'comptoir-points-')), 'p.sqlite');

/** Waits for `condition`, a long while: the worker checks every 100 ms, the machine may be busy. */
async function attendre(condition: () => boolean): Promise<boolean> {
  for (const fin = Date.now() + 120_000; Date.now() < fin;) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}

/** The rows of `t` in the database file alone: a copy without its WAL, as a power cut leaves it. */
function lignesDuFichierSeul(fichier: string): number {
  const copie = `${fichier}.copie`;
  copyFileSync(fichier, copie);
  try {
    const c = new SQLite(copie, { readonly: true });
    try {
      return (c.prepare('select count(*) as n from t').get() as { n: number }).n;
    } finally {
      c.close();
    }
  } catch {
    return -1; // not created in the file yet, or copied halfway through a checkpoint
  }
}

describe.skipIf(TEST_DIALECT === 'postgres')(
  'SQLite : points de contrôle hors de l’écrivain',
  () => {
    it('les pages validées rejoignent le fichier de la base sans que l’écrivain les recopie', async () => {
      const fichier = nouveauFichier();
      const { db, close } = openDatabase({ kind: 'sqlite', file: fichier });
      await sql`create table t (id integer primary key, v text not null)`.execute(db);
      for (let i = 0; i < 20; i++)
        await db
          .transaction()
          .execute((trx) => sql`insert into t (v) values (${`v${i}`})`.execute(trx));
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        db,
      );
      expect(rows[0]?.wal_autocheckpoint).toBe(SECOURS_PAGES);
      // 21 small COMMITs are far below the writer's threshold: only the worker copies them.
      expect(await attendre(() => lignesDuFichierSeul(fichier) === 20)).toBe(true);
      await close();
      expect(existsSync(`${fichier}-wal`)).toBe(false);
    });

    it('un processus qui a fermé sa base se termine (le travailleur ne le retient pas)', async () => {
      const fichier = nouveauFichier();
      const script = path.join(path.dirname(fichier), 'fermeture.mts');
      const database = path.resolve(import.meta.dirname, '../src/db/database.ts');
      writeFileSync(
        script,
        `import { openDatabase } from ${JSON.stringify(database)};
      const { db, close } = openDatabase({ kind: 'sqlite', file: ${JSON.stringify(fichier)} });
      await db.schema.createTable('t').addColumn('id', 'integer').execute();
      await close();
      console.log('fermée');`,
      );
      // A process held open by the worker would be killed at the time limit, and fail here.
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: path.resolve(import.meta.dirname, '..'),
        timeout: 120_000,
      });
      expect(stdout.trim()).toBe('fermée');
    });

    it('une base que le travailleur ne peut ouvrir reprend les points de contrôle de SQLite', async () => {
      const ecrivain = new SQLite(nouveauFichier());
      ecrivain.pragma('journal_mode = WAL');
      const points = pointsDeControle('/nulle-part/absent/base.sqlite', ecrivain);
      expect(
        await attendre(() => ecrivain.pragma('wal_autocheckpoint', { simple: true }) === 1_000),
      ).toBe(true);
      await points.fermer();
      ecrivain.close();
    });
  },
);
