import { describe, expect, it } from 'vitest';
import { readImportGraph, resolveSpecifier } from './import-graph';
import { checkImports, cycles } from './rules';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('import rules (ARCHITECTURE.md, CODE_STYLE.md)', () => {
  it('no import of the repository breaks them', () => {
    expect(checkImports(readImportGraph(ROOT)).map((v) => v.message)).toEqual([]);
  });
});

describe('the checker', () => {
  const check = (...edges: [string, string][]) =>
    checkImports(edges.map(([from, to]) => ({ from, to }))).map((v) => v.message);

  it('resolves specifiers as tsc and the bundler do, dynamic imports included', () => {
    const known = new Set(['apps/web/src/lib/http.ts', 'apps/web/src/features/dettes/index.ts']);
    expect(resolveSpecifier('apps/web/src/features/x/A.tsx', '../../lib/http', known)).toBe(
      'apps/web/src/lib/http.ts',
    );
    expect(resolveSpecifier('apps/web/src/lib/a.ts', './http.js', known)).toBe(
      'apps/web/src/lib/http.ts',
    );
    expect(resolveSpecifier('apps/web/src/features/x/A.tsx', '../dettes', known)).toBe(
      'apps/web/src/features/dettes/index.ts',
    );
    expect(resolveSpecifier('apps/web/src/lib/a.ts', 'react', known)).toBe('react');
    const graph = readImportGraph(ROOT);
    expect(graph).toContainEqual({
      from: 'apps/web/src/app/router.tsx',
      to: 'apps/web/src/features/users/UsersRoute.tsx',
    });
  });

  it('refuses an import of the applications from shared', () => {
    expect(check(['packages/shared/src/money.ts', 'apps/api/src/db/time.ts'])).toEqual([
      'packages/shared/src/money.ts importe apps/api/src/db/time.ts : packages/shared n’importe rien des applications',
    ]);
    expect(check(['packages/shared/src/money.ts', '@comptoir/web'])).toHaveLength(1);
    expect(check(['apps/api/src/app.ts', 'apps/web/src/lib/http.ts'])).toHaveLength(1);
    expect(check(['apps/web/e2e/support/x.ts', 'apps/api/test/support/smtp.ts'])).toEqual([]);
  });

  it('refuses a module imported by core/ or db/, and a cycle between modules', () => {
    expect(
      check(['apps/api/src/core/route.ts', 'apps/api/src/modules/users/users.service.ts']),
    ).toEqual([
      'apps/api/src/core/route.ts importe apps/api/src/modules/users/users.service.ts : core/, db/, config/ et mail/ n’importent aucun module',
    ]);
    const cycle = check(
      ['apps/api/src/modules/a/a.service.ts', 'apps/api/src/modules/b/b.service.ts'],
      ['apps/api/src/modules/b/b.service.ts', 'apps/api/src/modules/c/c.ts'],
      ['apps/api/src/modules/c/c.ts', 'apps/api/src/modules/a/a.ts'],
    );
    expect(cycle).toHaveLength(3);
    expect(cycle[0]).toMatch(/cycle entre modules de l’API \(a, b, c\)/);
    expect(check(['apps/api/src/modules/ventes/x.ts', 'apps/api/src/modules/dettes/y.ts'])).toEqual(
      [],
    );
  });

  it('lets a feature reach another only through its index.ts, and refuses a cycle of features', () => {
    const web = 'apps/web/src/';
    expect(check([`${web}features/a/A.tsx`, `${web}features/b/api.ts`])).toEqual([
      `${web}features/a/A.tsx importe ${web}features/b/api.ts : une fonctionnalité n’en importe une autre que par son index.ts (features/b/index.ts)`,
    ]);
    expect(check([`${web}features/a/A.tsx`, `${web}features/b/index.ts`])).toEqual([]);
    expect(
      check(
        [`${web}features/a/A.tsx`, `${web}features/b/index.ts`],
        [`${web}features/b/B.tsx`, `${web}features/a/index.ts`],
      ),
    ).toHaveLength(2);
    expect(check([`${web}features/a/A.tsx`, `${web}app/router.tsx`])).toHaveLength(1);
    expect(check([`${web}features/a/A.test.tsx`, `${web}app/query-client.ts`])).toEqual([]);
    expect(check([`${web}app/router.tsx`, `${web}features/a/ARoute.tsx`])).toEqual([]);
  });

  it('keeps lib/, components/ and layout/ below the features', () => {
    const web = 'apps/web/src/';
    expect(check([`${web}lib/http.ts`, `${web}components/Brand.tsx`])).toEqual([
      `${web}lib/http.ts importe ${web}components/Brand.tsx : lib/ n’importe que lib/`,
    ]);
    expect(check([`${web}components/X.tsx`, `${web}features/a/index.ts`])).toHaveLength(1);
    expect(check([`${web}layout/AppLayout.tsx`, `${web}features/a/index.ts`])).toHaveLength(1);
    expect(check([`${web}layout/AppLayout.tsx`, `${web}app/PageLoading.tsx`])).toHaveLength(1);
    expect(check([`${web}components/X.tsx`, `${web}lib/http.ts`])).toEqual([]);
  });

  it('finds the groups of a graph that import each other', () => {
    expect(
      cycles([
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'c'],
        ['d', 'd'],
      ]),
    ).toEqual([['a', 'b']]);
  });
});
