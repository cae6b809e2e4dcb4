import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One runner, four projects: shared (pure functions), api (real HTTP on a real database: SQLite
 * by default, PostgreSQL when TEST_DATABASE_URL is set), web (components in jsdom), architecture
 * (the import rules, read on the repository's import graph).
 */
export default defineConfig({
  test: {
    // A stray `.only` would silently skip the rest of the suite: it fails the run, locally too
    // (set in every project: a project does not inherit it).
    allowOnly: false,
    // Vitest's default keeps one core for itself: one worker on a 2-core CI machine, where the
    // API files wait on their database and their HTTP round trips as much as on the processor.
    // Two workers there (session 22): unit tests 160 → 118 s, API on SQLite 208 → 133 s, on
    // PostgreSQL 570 → 246 s together with the snapshot shortcut (test/support/snapshot.ts).
    // Each API file has its own server and database: no file shares state with another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          allowOnly: false,
          include: ['packages/shared/src/**/*.test.ts'],
          // Vitest's 5 s default is no margin on a busy 2-core CI machine (as for the screens).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'architecture',
          allowOnly: false,
          include: ['scripts/architecture/**/*.test.ts'],
          // Reading the import graph of the whole repository took over 5 s (Vitest's default) in
          // a proof run under load.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          allowOnly: false,
          include: ['apps/api/test/**/*.test.ts'],
          // Real servers on a real database, on a 2-core CI machine that may be busy (a property
          // test of 2 min alone took 2 min 20 s at a load average of 20): a margin that only a
          // hung test reaches (it costs time only when a test fails). Tests do not set a shorter one.
          testTimeout: 600_000,
          hookTimeout: 600_000,
          // The files of a worker share one module graph: the API and its dependencies load once
          // per worker, not once per file (import time summed over the files of a run: 126 s →
          // 9 s for 20 files under load). Safe because API tests keep no state in modules: each
          // file starts its own server on its own database and mocks nothing (no vi.mock, no
          // process.env writes); the whole suite passed this way on both databases.
          isolate: false,
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
