import { verify as argon2Verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login, PASSWORD } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** A long passphrase (100 characters), spaces and accents included. */
const PASSPHRASE =
  'Le café du matin à Dakar sent bon la vanille, très tôt près du marché Sandaga où l’été dure toujours';

describe(`PATCH /api/auth/update-password (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let user: { id: number; email: string };
  let session: { token: string; refreshToken: string };
  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    session = await login(client, user.email);
  });
  afterAll(() => server.close());

  const hashOf = async (id: number) =>
    (
      await server.ctx.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash!;
  const update = (body: unknown, token = session.token) =>
    client.patch('/api/auth/update-password', body, { token });

  it('mot de passe actuel faux : 400 WRONG_PASSWORD sur le champ currentPassword', async () => {
    const before = await hashOf(user.id);
    const body = expectProblem(
      await update({ currentPassword: 'pas-le-bon', newPassword: PASSPHRASE }),
      400,
      'WRONG_PASSWORD',
    );
    expect(body.errors).toEqual([
      { field: 'currentPassword', message: 'Le mot de passe actuel est incorrect.' },
    ]);
    expect(await hashOf(user.id)).toBe(before);
    expect((await client.get('/api/account', { token: session.token })).status).toBe(200);
  });

  it('nouveau mot de passe de moins de 8 caractères : 400 VALIDATION', async () => {
    const body = expectValidation(
      await update({ currentPassword: PASSWORD, newPassword: 'Ab1!xyz' }),
      'newPassword',
    );
    expect(messageOf(body, 'newPassword')).toBe(
      'Le mot de passe doit contenir au moins 8 caractères.',
    );
    const missing = expectValidation(await update({}), 'currentPassword', 'newPassword');
    expect(messageOf(missing, 'currentPassword')).toBe('Le mot de passe actuel est obligatoire.');
    expectValidation(
      await update({ currentPassword: PASSWORD, newPassword: 'x'.repeat(129) }),
      'newPassword',
    );
  });

  it.each(['azerty123', 'password1', 'Motdepasse2024', 'AZERTY123!', 'comptoir123'])(
    'mot de passe courant « %s » : 400 WEAK_PASSWORD',
    async (weak) => {
      const before = await hashOf(user.id);
      const body = expectProblem(
        await update({ currentPassword: PASSWORD, newPassword: weak }),
        400,
        'WEAK_PASSWORD',
      );
      expect(body.errors?.[0]?.field).toBe('newPassword');
      expect(await hashOf(user.id)).toBe(before);
    },
  );

  it('sans jeton : 401 ; sans en-tête anti-falsification : 403', async () => {
    expectProblem(
      await client.patch('/api/auth/update-password', {
        currentPassword: PASSWORD,
        newPassword: PASSPHRASE,
      }),
      401,
      'UNAUTHENTICATED',
    );
    expectProblem(
      await client.request('PATCH', '/api/auth/update-password', {
        token: session.token,
        noXsrf: true,
        body: { currentPassword: PASSWORD, newPassword: PASSPHRASE },
      }),
      403,
      'XSRF',
    );
  });

  it('accepte une longue phrase de passe, ferme toutes les sessions, et seul le nouveau mot de passe ouvre', async () => {
    const other = await login(client, user.email);
    const before = await hashOf(user.id);
    const answer = await update({ currentPassword: PASSWORD, newPassword: PASSPHRASE });
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');

    const stored = await hashOf(user.id);
    expect(stored).not.toBe(before);
    expect(stored).not.toContain(PASSPHRASE);
    const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
    expect(params, stored).not.toBeNull();
    const [, m, t, p] = params!.map(Number);
    expect(m).toBeGreaterThanOrEqual(19456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
    // The stored hash is of the new phrase, checked with the argon2 library itself.
    expect(await argon2Verify(stored, PASSPHRASE)).toBe(true);
    expect(await argon2Verify(stored, PASSWORD)).toBe(false);

    // Every session opened before is closed: access tokens and refresh tokens alike.
    expectProblem(await client.get('/api/account', { token: session.token }), 401, 'TOKEN_EXPIRED');
    expectProblem(await client.get('/api/account', { token: other.token }), 401, 'TOKEN_EXPIRED');
    expectProblem(
      await client.post('/api/auth/refresh', { refreshToken: session.refreshToken }),
      401,
      'INVALID_REFRESH_TOKEN',
    );
    expectProblem(
      await client.post('/api/auth/refresh', { refreshToken: other.refreshToken }),
      401,
      'INVALID_REFRESH_TOKEN',
    );

    expectProblem(
      await client.post('/api/auth/login', { email: user.email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
    const fresh = await client.post('/api/auth/login', { email: user.email, password: PASSPHRASE });
    expect(fresh.status).toBe(200);
    expect((await client.get('/api/account', { token: fresh.body.token })).status).toBe(200);
    expect(
      (await client.post('/api/auth/refresh', { refreshToken: fresh.body.refreshToken })).status,
    ).toBe(200);
  });
});
