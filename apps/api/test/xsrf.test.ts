import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login, PASSWORD } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`anti-falsification XSRF (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let user: { id: number; email: string };
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    token = (await login(server.client(), user.email)).token;
  });
  afterAll(() => server.close());

  /** A client that already holds the cookie. */
  async function withCookie(): Promise<TestClient> {
    const client = server.client();
    await client.get('/api/auth/xsrf');
    expect(client.xsrf).toBeTruthy();
    return client;
  }

  it('un GET dépose le cookie XSRF-TOKEN : SameSite=Strict, lisible par la page, sur tout le site', async () => {
    const answer = await fetch(`${server.baseUrl}/api/auth/xsrf`);
    expect(answer.status).toBe(204);
    const cookies = answer.headers.getSetCookie().filter((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0]!;
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32,};/);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    // Any GET sets it, not only /api/auth/xsrf; a client that has it does not get a new one.
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    const client = await withCookie();
    const again = await client.get('/api/health');
    expect(again.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(false);
    // Two visitors get two different tokens.
    const other = await withCookie();
    expect(other.xsrf).not.toBe(client.xsrf);
  });

  const unsafe: Array<{ method: string; path: string; body?: unknown }> = [
    {
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'x@exemple.test', password: PASSWORD },
    },
    { method: 'POST', path: '/api/auth/refresh', body: { refreshToken: 'x' } },
    {
      method: 'PATCH',
      path: '/api/auth/update-password',
      body: { currentPassword: PASSWORD, newPassword: 'Une-phrase-de-passe-solide' },
    },
    { method: 'PUT', path: '/api/account', body: { prenom: 'Awa', nom: 'Traoré' } },
    { method: 'DELETE', path: '/api/account/photo' },
  ];

  it.each(unsafe)(
    '$method $path sans en-tête X-XSRF-TOKEN : 403 XSRF',
    async ({ method, path, body }) => {
      const client = await withCookie();
      const answer = await client.request(method, path, {
        token,
        noXsrf: true,
        ...(body ? { body } : {}),
      });
      const problem = expectProblem(answer, 403, 'XSRF');
      expect(problem.detail).toBe(
        'Jeton anti-falsification manquant ou invalide. Rechargez la page puis réessayez.',
      );
    },
  );

  it.each(unsafe)(
    '$method $path avec un en-tête différent du cookie : 403 XSRF',
    async ({ method, path, body }) => {
      const client = await withCookie();
      const wrong = `${client.xsrf!.slice(0, -1)}${client.xsrf!.endsWith('A') ? 'B' : 'A'}`;
      const answer = await client.request(method, path, {
        token,
        noXsrf: true,
        headers: { 'x-xsrf-token': wrong },
        ...(body ? { body } : {}),
      });
      expectProblem(answer, 403, 'XSRF');
    },
  );

  it('un en-tête sans cookie, ou un cookie sans en-tête, ne suffit pas', async () => {
    const headerOnly = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'abc' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(headerOnly.status).toBe(403);
    expect(((await headerOnly.json()) as { code: string }).code).toBe('XSRF');
    const emptyPair = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '', cookie: 'XSRF-TOKEN=' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(emptyPair.status).toBe(403);
  });

  it('avec la paire cookie + en-tête identiques, la requête passe', async () => {
    const client = await withCookie();
    const signIn = await client.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const put = await client.put(
      '/api/account',
      { prenom: 'Aïcha', nom: 'Koné' },
      { token: signIn.body.token },
    );
    expect(put.status).toBe(200);
    expect(put.body.prenom).toBe('Aïcha');
    const del = await client.delete('/api/account/photo', { token: signIn.body.token });
    expect(del.status).toBe(200);
    // PATCH gets past the check and reaches the route: here a validation error, not 403.
    expectProblem(
      await client.patch('/api/auth/update-password', {}, { token: signIn.body.token }),
      400,
      'VALIDATION',
    );
  });

  it('un GET n’en a jamais besoin', async () => {
    const answer = await fetch(`${server.baseUrl}/api/account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/docs`)).status).toBe(200);
  });

  it('un chemin déguisé (encodé, barre finale, doublée) ne contourne pas le contrôle', async () => {
    const client = await withCookie();
    for (const path of [
      '/%61pi/auth/login',
      '/%2561pi/auth/login',
      '/api/auth/login/',
      '/api//auth/login',
      '/api/auth/%6cogin',
    ]) {
      const answer = await client.request('POST', path, {
        noXsrf: true,
        body: { email: user.email, password: PASSWORD },
      });
      expect(answer.status, `${path} : ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body.code).toBe('XSRF');
    }
  });
});
