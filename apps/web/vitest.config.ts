import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Web unit tests: components and the HTTP client in jsdom. */
export default defineConfig({
  // Same root whether run alone (-c apps/web/vitest.config.ts) or as a project of the root config.
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Dates without a shop's zone are shown in the device's: the tests' device is in Paris, like the browser tests'.
    env: { TZ: 'Europe/Paris' },
    restoreMocks: true,
  },
});
