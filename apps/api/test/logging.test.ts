import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { createUser, login } from './support/factories.js';
import { TestClient } from './support/http.js';

describe('journal des requêtes', () => {
  const lines: string[] = [];
  let close: () => Promise<void>;
  let client: TestClient;
  let ctx: Awaited<ReturnType<typeof buildApp>>['ctx'];

  beforeAll(async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'comptoir-log-')),
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'info',
    });
    config.database = testDb.config;
    const database = openDatabase(config.database);
    await migrateToLatest(database);
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) =>
      lines.push(...chunk.toString().split('\n').filter(Boolean)),
    );
    const built = await buildApp(config, database, { logStream: stream });
    ctx = built.ctx;
    // What a diagnostic line would write, through the app's own logger: the request's headers and
    // body, as they are and nested (`requete.headers`). Fastify's request lines never carry them.
    built.app.post('/journal-de-test', async (request) => {
      request.log.warn(
        { headers: request.headers, requete: { headers: request.headers }, body: request.body },
        'diagnostic de test',
      );
      return { ok: true };
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    client = new TestClient(
      `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`,
    );
    close = async () => {
      await built.app.close();
      await database.close();
      await testDb.drop();
    };
  });
  afterAll(() => close());

  it('écrit du JSON structuré sans mot de passe, jeton ni cookie', async () => {
    const user = await createUser(ctx, {
      roles: ['ROLE_GERANT'],
      password: 'Secret-tres-particulier-91',
    });
    const session = await login(client, user.email, 'Secret-tres-particulier-91');
    await client.get('/api/account', { token: session.token });
    await client.post('/api/auth/refresh', { refreshToken: session.refreshToken });
    await client.post('/api/auth/login', {
      email: user.email,
      password: 'Mauvais-secret-tres-particulier',
    });
    // A reset link opened in the browser: its key is in the URL of Fastify's request line.
    await client.get('/auth/reset-password?key=cle-de-reinitialisation-42&x=1');
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const all = lines.join('\n');
    expect(all).toContain('/api/account');
    expect(all).not.toContain('Secret-tres-particulier-91');
    expect(all).not.toContain('Mauvais-secret');
    expect(all).not.toContain(session.token);
    expect(all).not.toContain(session.refreshToken);
    expect(all).not.toContain(client.xsrf!);
    expect(all).not.toContain('cle-de-reinitialisation-42');
    expect(all).toContain('/auth/reset-password?key=[masqué]&x=1');
  });

  it('masque en-têtes et corps quand une ligne les écrit', async () => {
    const user = await createUser(ctx, { roles: ['ROLE_GERANT'] });
    const session = await login(client, user.email);
    const secrets = {
      password: 'Secret-du-corps-1',
      currentPassword: 'Secret-du-corps-2',
      newPassword: 'Secret-du-corps-3',
      refreshToken: 'Secret-du-corps-4',
      token: 'Secret-du-corps-5',
    };
    const answer = await client.post('/journal-de-test', secrets, { token: session.token });
    expect(answer.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.includes('diagnostic de test'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!);
    // The line is there, with the headers that are no secret…
    expect(logged.headers['content-type']).toContain('application/json');
    // …and every secret masked, in the headers as in the body.
    for (const headers of [logged.headers, logged.requete.headers]) {
      expect(headers.authorization).toBe('[masqué]');
      expect(headers.cookie).toBe('[masqué]');
      expect(headers['x-xsrf-token']).toBe('[masqué]');
    }
    for (const key of Object.keys(secrets)) expect(logged.body[key]).toBe('[masqué]');
    for (const value of [...Object.values(secrets), session.token, client.xsrf!])
      expect(line).not.toContain(value);
  });
});
