import { defineConfig } from 'vitest/config';

/**
 * One runner, four projects: shared (pure functions), api (real HTTP on a real database: SQLite
 * by default, PostgreSQL when TEST_DATABASE_URL is set), web (components in jsdom), architecture
 * (the import rules, read on the repository's import graph).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'architecture', include: ['scripts/architecture/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
