import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`déconnexion et fermeture de toutes les sessions (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
  });
  afterAll(() => server.close());

  const refresh = (refreshToken: string) => client.post('/api/auth/refresh', { refreshToken });
  const logout = (refreshToken: string) => client.post('/api/auth/logout', { refreshToken });

  it('« Se déconnecter » révoque le jeton de renouvellement et toute sa famille, pas les autres sessions', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const here = await login(client, user.email);
    const elsewhere = await login(client, user.email);
    // A copy taken before the rotation: its descendant is the live token of this session.
    const renewed = await refresh(here.refreshToken);
    expect(renewed.status).toBe(200);
    const copy: string = renewed.body.refreshToken;
    const answer = await logout(copy);
    expect(answer.status).toBe(204);
    expectProblem(await refresh(copy), 401, 'INVALID_REFRESH_TOKEN');
    // The other sign-in (another device) is untouched.
    expect((await refresh(elsewhere.refreshToken)).status).toBe(200);
    // Twice, or with a token nobody knows: the same 204, nothing changes.
    expect((await logout(copy)).status).toBe(204);
    expect((await logout('inconnu-inconnu-inconnu-inconnu-inconnu')).status).toBe(204);
  });

  it('un corps sans jeton : 400 en français', async () => {
    expectProblem(await client.post('/api/auth/logout', {}), 400, 'VALIDATION');
  });

  it('« Fermer toutes mes sessions » : chaque jeton de renouvellement et d’accès est refusé ensuite', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const other = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const a = await login(client, user.email);
    const b = await login(client, user.email);
    const third = await login(client, other.email);
    expectProblem(await client.post('/api/account/sessions/revoke-all'), 401, 'UNAUTHENTICATED');
    const answer = await client.post('/api/account/sessions/revoke-all', undefined, {
      token: a.token,
    });
    expect(answer.status).toBe(204);
    for (const s of [a, b]) {
      expectProblem(await refresh(s.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
      expect((await client.get('/api/account', { token: s.token })).status).toBe(401);
    }
    // Another user keeps their session; the user can sign in again.
    expect((await client.get('/api/account', { token: third.token })).status).toBe(200);
    const again = await login(client, user.email);
    expect((await client.get('/api/account', { token: again.token })).status).toBe(200);
  });
});
