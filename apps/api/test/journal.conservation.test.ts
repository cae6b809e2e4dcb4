import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The tables of the two chains and of the archives (migrations 019, 025, 030). */
const TABLES = 'journal_archives|journal_entrees|journal_tetes|jet_entrees|jet_tetes';
/** A deletion, a truncation or a dropped trigger or table, on one of them. */
const EFFACEMENT = new RegExp(
  [
    `deleteFrom\\(\\s*['"\`](?:${TABLES})\\b`,
    `\\bdelete\\s+from\\s+["\`]?(?:${TABLES})\\b`,
    `\\btruncate\\b[^;]*\\b(?:${TABLES})\\b`,
    `\\bdrop\\s+(?:trigger|table)\\b[^;'"\`]*\\b(?:${TABLES})`,
    `dropTable\\(\\s*['"\`](?:${TABLES})\\b`,
  ].join('|'),
  'i',
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory())
      return ['node_modules', 'dist', 'test-results', 'playwright-report'].includes(e.name)
        ? []
        : sources(file);
    return /\.(ts|tsx|mjs|js|sh|sql)$/.test(e.name) ? [file] : [];
  });
}

/**
 * Archives are kept at least six years, and Comptoir deletes none, ever (docs/regles-metier.md
 * « Archives du journal »): besides the database's triggers, which refuse DELETE, no code of
 * the API or of its scripts deletes from the journal, the JET or the archives, empties them, or
 * drops their triggers — no purge, even after the six years.
 */
describe('journal : aucune suppression des archives ni des chaînes dans le code', () => {
  it('ni DELETE, ni TRUNCATE, ni DROP sur les tables du journal, du JET et des archives', () => {
    const fichiers = [
      ...sources(path.join(ROOT, 'apps/api/src')),
      ...sources(path.join(ROOT, 'scripts')),
    ];
    expect(fichiers.length).toBeGreaterThan(100);
    const fautifs = fichiers.filter((f) => EFFACEMENT.test(readFileSync(f, 'utf8')));
    expect(fautifs.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('l’ajout au journal ne se coupe que dans le banc d’essai (bench/journal-direct.ts)', () => {
    const fichiers = [
      ...sources(path.join(ROOT, 'apps')),
      ...sources(path.join(ROOT, 'packages')),
      ...sources(path.join(ROOT, 'scripts')),
      ...sources(path.join(ROOT, 'bench')),
    ];
    const touchent = fichiers.filter((f) => /sansJournal/.test(readFileSync(f, 'utf8')));
    expect(touchent.map((f) => path.relative(ROOT, f)).sort()).toEqual([
      'apps/api/src/modules/journal/journal.append.ts',
      'apps/api/test/journal.conservation.test.ts',
      'bench/journal-direct.ts',
      'bench/journal.mjs',
    ]);
  });

  it('la règle reconnaît une suppression, sous toutes ses formes', () => {
    for (const code of [
      "await db.deleteFrom('journal_archives').where('id', '=', 1).execute();",
      'await sql`DELETE FROM journal_archives WHERE conserver_jusqu_au < ${jour}`.execute(db);',
      "sql.raw('truncate table jet_entrees')",
      "sql.raw('drop trigger journal_archives_inalterable_d on journal_archives')",
      "db.schema.dropTable('journal_entrees')",
    ])
      expect(EFFACEMENT.test(code), code).toBe(true);
    expect(EFFACEMENT.test("db.deleteFrom('refresh_tokens')")).toBe(false);
  });
});
