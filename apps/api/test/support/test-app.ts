import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import type { AppContext } from '../../src/core/context.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { TestClock } from './clock.js';
import { createMigratedTestDatabase } from './database.js';
import { TestClient } from './http.js';

const CLOSE_GRACE_MS = 2_000;

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestServer {
  baseUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  /** The app's clock: follows the system time until the test sets it. */
  clock: TestClock;
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * Starts the real API on a free local port, over a fresh migrated database of the dialect under test.
 * `env` overrides configuration (SMTP_URL, throttling limits…); `extend` adds routes before start
 * (with `app.get(…)`, or with `defineRoute(app, ctx, …)` to go through the API's own checks).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance, ctx: AppContext) => void,
  build: Omit<BuildOptions, 'clock'> = {},
): Promise<TestServer> {
  const testDb = await createMigratedTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comptoir-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...env,
  });
  config.database = testDb.config;
  const database = openDatabase(config.database);
  // A copy of a migrated model: nothing left to run but the statistics' refresh of a start.
  await migrateToLatest(database);
  const clock = new TestClock();
  const { app, ctx } = await buildApp(config, database, { ...build, clock });
  extend?.(app, ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  config.publicUrl = baseUrl;
  return {
    baseUrl,
    ctx,
    app,
    clock,
    client: () => new TestClient(baseUrl),
    async close() {
      // A client still sending a body the server already refused keeps its connection busy and
      // app.close() waiting for it: after a grace period it is cut, as main.ts does on shutdown.
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      await app.close();
      clearTimeout(cut);
      ctx.mailer.close();
      await database.close();
      await testDb.drop();
    },
  };
}
