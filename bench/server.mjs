// Starts the built Comptoir for a benchmark on a fresh database and gives back its address.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

/** A fresh database URL: a new PostgreSQL database when TEST_DATABASE_URL is set, else SQLite. */
async function freshDatabase(dataDir) {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: `sqlite:${path.join(dataDir, 'bench.sqlite')}`, drop: async () => {} };
  const name = `comptoir_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // BENCH_GARDER_BASE=1: the database stays, to read its plans after the bench (SQLite: stop()).
      if (process.env.BENCH_GARDER_BASE === '1') return console.log(`  base gardée : ${name}`);
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

export async function startServer(port, env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comptoir-bench-'));
  const database = await freshDatabase(dataDir);
  // BENCH_SERVER_ARGS: Node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      ...env,
    },
    // BENCH_SERVER_LOG: a file for the server's log (errors with their stack), else dropped.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error('Le serveur n’a pas démarré');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    databaseUrl: database.url,
    dialect: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    /**
     * The processor time the server process has used so far (user + system, ms), from Linux's
     * /proc (clock ticks of 10 ms); null elsewhere. Its database server's is not included.
     */
    cpuMs() {
      try {
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        return null;
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await database.drop();
      // BENCH_GARDER_BASE=1 keeps the SQLite file too.
      if (process.env.BENCH_GARDER_BASE === '1' && !process.env.TEST_DATABASE_URL)
        return console.log(`  base gardée : ${database.url}`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  return { p50: at(50), p95: at(95), p99: at(99), n: s.length };
}

export const fmt = (ms) => `${ms.toFixed(2)} ms`;
