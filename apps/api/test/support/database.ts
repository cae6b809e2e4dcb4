import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../../src/config/env.js';

/** Which database the API suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env['TEST_DATABASE_URL']
  ? 'postgres'
  : 'sqlite';

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a temporary SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'comptoir-test-'));
    return {
      config: { kind: 'sqlite', file: path.join(dir, 'test.sqlite') },
      drop: async () => {},
    };
  }
  const name = `comptoir_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
