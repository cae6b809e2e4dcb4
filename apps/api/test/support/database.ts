import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../../src/config/env.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** Which database the API suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env['TEST_DATABASE_URL']
  ? 'postgres'
  : 'sqlite';

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a temporary SQLite file, or a new PostgreSQL database. */
export function createTestDatabase(): Promise<TestDatabase> {
  return newDatabase('comptoir_test_');
}

/**
 * A new database: on SQLite a file in a new temporary folder (a copy of `sqliteModel` if given);
 * on PostgreSQL a database named after `prefix` (a copy of `pgTemplate` if given).
 */
async function newDatabase(
  prefix: string,
  copy: { sqliteModel?: string; pgTemplate?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'comptoir-test-')), 'test.sqlite');
    if (copy.sqliteModel) copyFileSync(copy.sqliteModel, file);
    return { config: { kind: 'sqlite', file }, drop: async () => {} };
  }
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, (admin) =>
    admin.query(
      copy.pgTemplate
        ? `CREATE DATABASE ${name} TEMPLATE ${copy.pgTemplate}`
        : `CREATE DATABASE ${name}`,
    ),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: () => asAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function asAdmin(adminUrl: string, run: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** The migrated model of this test process, made on first use (`createMigratedTestDatabase`). */
let model: Promise<DatabaseConfig> | undefined;

/** PostgreSQL models are named after their process: `comptoir_modele_<pid>_<random>`. */
const MODEL_PREFIX = 'comptoir_modele_';

/**
 * A fresh database with every migration run, for one test file's server: a copy of a model that
 * this test process migrated once (SQLite: a copy of its file; PostgreSQL: `CREATE DATABASE …
 * TEMPLATE`). Migrating took 0.5 s on SQLite and 0.9 s on PostgreSQL for each server (session 22);
 * a copy takes a few milliseconds, 35 to 170 on PostgreSQL. The migrations still run on an empty
 * database once per test process, and a test that needs an empty one calls `createTestDatabase`.
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  model ??= migratedModel();
  const from = await model;
  return newDatabase(
    'comptoir_test_',
    from.kind === 'sqlite'
      ? { sqliteModel: from.file }
      : { pgTemplate: new URL(from.url).pathname.slice(1) },
  );
}

async function migratedModel(): Promise<DatabaseConfig> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) await dropModelsOfEndedProcesses(adminUrl);
  const { config } = await newDatabase(`${MODEL_PREFIX}${process.pid}_`);
  const database = openDatabase(config);
  await migrateToLatest(database);
  // SQLite: the writer, closed last, folds its WAL into the file, which is then copied alone.
  await database.close();
  // PostgreSQL: a template must have no connection left, and a closed connection's server process
  // may still be ending (CREATE DATABASE waits 5 s for it, no more: a busy machine may need more).
  if (adminUrl && config.kind === 'postgres') await untilUnused(adminUrl, config.url);
  return config;
}

async function untilUnused(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdmin(adminUrl, async (admin) => {
    const used = async () =>
      (
        await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        )
      ).rows[0]!.n > 0;
    while (await used()) await new Promise((r) => setTimeout(r, 50));
  });
}

/**
 * The models that test processes now ended left on a PostgreSQL server that outlives them (a
 * developer's; `scripts/with-postgres.sh` throws its server away): dropped. Those of a process
 * still running on this machine are kept.
 */
async function dropModelsOfEndedProcesses(adminUrl: string): Promise<void> {
  await asAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${MODEL_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(MODEL_PREFIX.length).split('_')[0]);
      if (!Number.isInteger(pid) || processRuns(pid)) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
