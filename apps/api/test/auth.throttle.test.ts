import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, PASSWORD } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`limitation des tentatives de connexion (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
      LOGIN_MAX_FAILURES_PER_IP: '12',
    });
    client = server.client();
  });
  afterAll(() => server.close());
  // Every test comes from 127.0.0.1: start each with a clean slate of failures.
  beforeEach(async () => {
    await server.ctx.database.db.deleteFrom('login_failures').execute();
  });

  const attempt = (email: string, password: string) =>
    client.post('/api/auth/login', { email, password });
  async function fail(email: string, times: number): Promise<void> {
    for (let i = 0; i < times; i++)
      expectProblem(await attempt(email, `mauvais-${i}`), 401, 'INVALID_CREDENTIALS');
  }
  const failures = async () =>
    await server.ctx.database.db.selectFrom('login_failures').selectAll().execute();

  it('la configuration du serveur de test est bien prise en compte', () => {
    expect(server.ctx.config.throttle).toEqual({ perAccount: 5, perIp: 12, windowMinutes: 15 });
  });

  it('après 5 échecs sur un compte, la 6e tentative est refusée même avec le bon mot de passe', async () => {
    const a = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const b = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    await fail(a.email, 5);
    const rows = await failures();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.email === a.email && r.ip === '127.0.0.1')).toBe(true);

    const blocked = await attempt(a.email, PASSWORD);
    const body = expectProblem(blocked, 429, 'TOO_MANY_ATTEMPTS');
    expect(body.detail).toBe(
      'Trop de tentatives de connexion échouées. Réessayez dans 15 minutes ou réinitialisez votre mot de passe.',
    );
    expect(blocked.headers.get('retry-after')).toBe('900');
    // No session was opened by the blocked attempt.
    const tokens = await server.ctx.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', a.id)
      .execute();
    expect(tokens).toHaveLength(0);
    // Whatever the case of the address.
    expectProblem(await attempt(a.email.toUpperCase(), PASSWORD), 429, 'TOO_MANY_ATTEMPTS');

    // Another account from the same address still signs in.
    const other = await attempt(b.email, PASSWORD);
    expect(other.status).toBe(200);
    expect(other.body.user.id).toBe(b.id);
  });

  it('les adresses inconnues comptent aussi', async () => {
    const ghost = 'inconnu@exemple.test';
    await fail(ghost, 5);
    expectProblem(await attempt(ghost, 'encore-un-essai'), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('par adresse réseau : des échecs répartis sur beaucoup de comptes bloquent aussi un compte neuf', async () => {
    for (let i = 0; i < 12; i++) await fail(`essai${i}@exemple.test`, 1);
    const fresh = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const blocked = await attempt(fresh.email, PASSWORD);
    expectProblem(blocked, 429, 'TOO_MANY_ATTEMPTS');
    expect(blocked.headers.get('retry-after')).toBe('900');
  });

  it('la limite par adresse réseau n’est pas atteinte à 11 échecs', async () => {
    for (let i = 0; i < 11; i++) await fail(`autre${i}@exemple.test`, 1);
    const fresh = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    expect((await attempt(fresh.email, PASSWORD)).status).toBe(200);
  });

  it('une connexion réussie remet le compteur du compte à zéro', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    await fail(user.email, 4);
    expect((await attempt(user.email, PASSWORD)).status).toBe(200);
    expect(await failures()).toHaveLength(0);
    await fail(user.email, 4);
    expect((await attempt(user.email, PASSWORD)).status).toBe(200);
  });

  it('les échecs plus vieux que la fenêtre ne comptent plus', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    await fail(user.email, 5);
    expectProblem(await attempt(user.email, PASSWORD), 429, 'TOO_MANY_ATTEMPTS');
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    await server.ctx.database.db.updateTable('login_failures').set({ created_at: old }).execute();
    expect((await attempt(user.email, PASSWORD)).status).toBe(200);
  });
});
