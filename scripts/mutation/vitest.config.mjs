// The tests a mutation run executes: MUTATION_TESTS=shared|api picks the set (see *.config.mjs).
// A Vitest config rather than Stryker's testFiles: with testFiles, Stryker 9.6 activates the
// mutants of module-level values (the currency table) after the module is loaded, and they survive.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const SETS = {
  shared: ['packages/shared/src/**/*.test.ts'],
  api: [
    'apps/api/test/stock-invariant.test.ts',
    'apps/api/test/stock-ledger.test.ts',
    'apps/api/test/ventes.create.test.ts',
    'apps/api/test/ventes.concurrency.test.ts',
    'apps/api/test/retours.test.ts',
    'apps/api/test/dettes.test.ts',
    'apps/api/test/dettes.allocation.test.ts',
    'apps/api/test/dettes.avoirs.test.ts',
    'apps/api/test/catalogue.import.test.ts',
    'apps/api/test/catalogue.produits.test.ts',
  ],
};

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: SETS[process.env['MUTATION_TESTS'] ?? 'shared'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
