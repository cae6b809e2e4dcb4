import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the built app, served by the real API on SQLite with
 * demo data and a real SMTP server (see e2e/global-setup.ts).
 */
// A port of this run's own (kept in the environment, which the workers inherit): two runs side by
// side on one machine (a developer's and a build's) never talk to each other's server.
process.env['E2E_PORT'] ??= String(20_000 + (process.pid % 20_000));
export const E2E_PORT = Number(process.env['E2E_PORT']);

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // A stray `test.only` would silently skip the other specs: it fails the run, locally too.
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Wide margins: CI is a busy 2-core machine, where a screen can take many seconds to answer. A
  // passing test never waits for them; only a failing one does.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // The page as a failed test left it, printed in the log (support/failure-context.ts).
  reporter: process.env['CI']
    ? [['list'], ['./e2e/support/failure-context.ts']]
    : [['list'], ['./e2e/support/failure-context.ts'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A failed test's trace keeps its DOM snapshots, not the screencast: filming every test (then
    // dropping the film of those that pass) kept Chromium's compositor busy and doubled the time
    // of the suite on a 2-core machine (session 20: 12 tests of login and POS, 2.1 → 1.2 min).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The service worker precaches the whole app (190 files, 5 MB) in every new context, a
    // test's own page competing with it on a 2-core machine: blocked, the suite takes about 40 %
    // less time (session 20). Blocked, page.route also sees every request (the specs that hold
    // one rely on it). The offline specs, which need it, allow it (test.use).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The dashboard spec compares the demo shop's figures with the lists they open: a sale made by
  // another spec in between would change one and not the other. It runs last, alone.
  projects: [
    {
      name: 'chromium',
      testIgnore: /tableau\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } },
    },
    {
      name: 'tableau',
      testMatch: /tableau\.spec\.ts$/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } },
    },
  ],
});
