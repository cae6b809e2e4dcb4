import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Web unit tests: components and the HTTP client in jsdom. */
export default defineConfig({
  // Same root whether run alone (-c apps/web/vitest.config.ts) or as a project of the root config.
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    allowOnly: false,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Dates without a shop's zone are shown in the device's: the tests' device is in Paris, like the browser tests'.
    env: { TZ: 'Europe/Paris' },
    restoreMocks: true,
    // CI is a busy 2-core machine: a screen test loads its lazy chunks and renders PrimeReact in
    // jsdom, 1 to 3 s when idle and over 15 s at a load average of 20 (seen: the first findBy* of
    // ClientsRoute.test.tsx gave up at 15 s while a build looped beside `npm test`). The margins
    // are wide so that only a hung test fails (findBy* waits up to 150 s, see src/test/setup.ts;
    // PosScreen.test gave up at 60 s at a load average of 20, a proof run and four helpers beside);
    // they cost time only when a test fails.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
