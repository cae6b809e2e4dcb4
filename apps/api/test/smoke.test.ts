import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`démarrage de l'API (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('répond sur /api/health et connecte un utilisateur', async () => {
    const client = server.client();
    expect((await client.get('/api/health')).body).toEqual({ status: 'ok' });
    const user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const session = await login(client, user.email);
    expect(session.user.id).toBe(user.id);
    expect(server.ctx.database.dialect).toBe(TEST_DIALECT);
  });
});
