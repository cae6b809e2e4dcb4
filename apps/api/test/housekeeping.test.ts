import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database.js';
import { createUser } from './support/factories.js';
import { TestClient } from './support/http.js';

const mode = (file: string) => statSync(file).mode & 0o777;
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'comptoir-menage-'));

describe('fichiers de DATA_DIR lisibles par le seul serveur', () => {
  it('le dossier est créé 0700, la base SQLite et ses fichiers -wal et -shm 0600', async () => {
    const dataDir = path.join(freshDir(), 'donnees');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'secrets.json'))).toBe(0o600);
    const file = path.join(dataDir, 'comptoir.sqlite');
    const database = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(database);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
    await database.close();
    expect(config.dataDir).toBe(dataDir);
  });

  it('une base ou un dossier existants, lisibles par tous, sont ramenés à 0600 et 0700', async () => {
    const dataDir = freshDir();
    chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, 'comptoir.sqlite');
    writeFileSync(file, '', { mode: 0o644 });
    chmodSync(file, 0o644);
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(mode(dataDir)).toBe(0o700);
    const database = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(database);
    expect(mode(file)).toBe(0o600);
    await database.close();
  });
});

describe(`boîte d'envoi et purge des jetons (${TEST_DIALECT})`, () => {
  const lines: string[] = [];
  let testDb: TestDatabase;
  let database: Database;
  let dataDir: string;
  let built: Awaited<ReturnType<typeof buildApp>>;
  let client: TestClient;
  const past = '2020-01-01T00:00:00.000Z';
  const later = '2999-01-01T00:00:00.000Z';

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'info' });
    config.database = testDb.config;
    database = openDatabase(config.database);
    await migrateToLatest(database);
    // Before start-up: expired and live rows of every kind.
    const { id } = await database.db
      .insertInto('users')
      .values({
        email: 'ancien@exemple.test',
        password_hash: null,
        prenom: 'Ancien',
        nom: 'Compte',
        nom_tri: 'compte',
        prenom_tri: 'ancien',
        telephone: null,
        profile_image_id: null,
        active: 1,
        last_login_at: null,
        created_at: past,
        updated_at: past,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [n, expires] of [
      [1, past],
      [2, later],
    ] as const) {
      const token = { user_id: id, token_hash: `h${n}`.padEnd(64, '0'), created_at: past };
      await database.db
        .insertInto('refresh_tokens')
        .values({
          ...token,
          family_id: `f${n}`,
          expires_at: expires,
          used_at: null,
          revoked_at: null,
        })
        .execute();
      await database.db
        .insertInto('password_reset_tokens')
        .values({ ...token, expires_at: expires, used_at: null })
        .execute();
    }
    await database.db
      .insertInto('login_throttle')
      .values([
        { key: 'ip:10.0.0.1', attempts: 3, next_at: past, last_at: past },
        { key: 'ip:10.0.0.2', attempts: 3, next_at: later, last_at: later },
      ])
      .execute();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) =>
      lines.push(...chunk.toString().split('\n').filter(Boolean)),
    );
    built = await buildApp(config, database, { logStream: stream });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = built.app.server.address() as { port: number };
    client = new TestClient(`http://127.0.0.1:${port}`);
    config.publicUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await built.app.close();
    built.ctx.mailer.close();
    await database.close();
    await testDb.drop();
  });

  it('au démarrage, les jetons expirés et les compteurs oubliés sont supprimés, pas les autres', async () => {
    const hashes = async (table: 'refresh_tokens' | 'password_reset_tokens') =>
      (await database.db.selectFrom(table).select('token_hash').execute()).map(
        (r) => r.token_hash[1],
      );
    expect(await hashes('refresh_tokens')).toEqual(['2']);
    expect(await hashes('password_reset_tokens')).toEqual(['2']);
    const keys = await database.db.selectFrom('login_throttle').select('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['ip:10.0.0.2']);
  });

  it('sans SMTP, le lien de réinitialisation va dans un fichier 0600, jamais dans le journal', async () => {
    const user = await createUser(built.ctx, { roles: ['ROLE_GERANT'] });
    const answer = await client.post(
      `/api/account/reset-password/init?mail=${encodeURIComponent(user.email)}`,
    );
    expect(answer.status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 200 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
      files = existsSync(outbox) ? readdirSync(outbox) : [];
    }
    expect(files).toHaveLength(1);
    const file = path.join(outbox, files[0]!);
    expect(mode(outbox)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    const eml = readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
    const key = /key=(?:3D)?([A-Za-z0-9_-]{43})/.exec(eml)?.[1];
    expect(key).toBeDefined();
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.includes("boîte d'envoi"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ to: user.email, file });
    for (const l of lines) expect(l).not.toContain(key!);
  });
});
