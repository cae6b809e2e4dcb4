import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database as DatabaseConfig } from '../../src/config/env.js';
import type { DB } from '../../src/db/schema.js';
import { TEST_DIALECT } from './database.js';

/**
 * What an attacker with access to the database files does: drops the triggers that protect a
 * table (migration 019), so that raw SQL can change, delete or insert rows.
 */
export async function dropInalterableTriggers(db: Kysely<DB>, table: string): Promise<void> {
  for (const suffix of ['u', 'd'])
    await sql
      .raw(
        TEST_DIALECT === 'postgres'
          ? `drop trigger ${table}_inalterable_${suffix} on ${table}`
          : `drop trigger ${table}_inalterable_${suffix}`,
      )
      .execute(db);
}

/** The message of the database's refusal, or null when the statement went through. */
export async function refusal(db: Kysely<DB>, statement: string): Promise<string | null> {
  try {
    await sql.raw(statement).execute(db);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** `npm run verify-journal` on the test database, as an operator runs it: exit code and output. */
export function runVerifyJournal(
  database: DatabaseConfig,
): Promise<{ code: number | null; out: string }> {
  const url = database.kind === 'postgres' ? database.url : `sqlite:${database.file}`;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/verify-journal.ts'], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vj-')) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code, out }));
  });
}
