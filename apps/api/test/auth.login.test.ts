import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { addMember, createService, createUser, PASSWORD } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { decodeJwt, decodeProtectedHeader } from './support/tokens.js';

describe(`POST /api/auth/login (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
  });
  afterAll(() => server.close());

  const userRow = (id: number) =>
    server.ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('répond { token, refreshToken, user } avec les rôles et les boutiques, la première courante', async () => {
    const owner = await createUser(server.ctx, {
      roles: ['ROLE_PROPRIETAIRE'],
      prenom: 'Moussa',
      nom: 'Ndiaye',
    });
    const first = await createService(server.ctx, owner.id, { nom: 'Boutique Plateau' });
    const second = await createService(server.ctx, owner.id, {
      nom: 'Boutique Médina',
      devise: 'EUR',
    });
    const before = Date.now();
    const answer = await client.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(answer.body).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(answer.body.user).toEqual({
      id: owner.id,
      email: owner.email,
      prenom: 'Moussa',
      nom: 'Ndiaye',
      telephone: null,
      roles: [{ nom: 'ROLE_PROPRIETAIRE' }],
      services: [
        { id: first.id, nom: 'Boutique Plateau', current: true },
        { id: second.id, nom: 'Boutique Médina', current: false },
      ],
    });
    expect(answer.body.refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    // The access token: HS256, sub = user id as a string, username = e-mail, roles.
    expect(decodeProtectedHeader(answer.body.token)).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(answer.body.token);
    expect(claims.sub).toBe(String(owner.id));
    expect(claims['username']).toBe(owner.email);
    expect(claims['roles']).toEqual(['ROLE_PROPRIETAIRE']);
    expect(claims.iss).toBe('comptoir');
    expect(claims.aud).toBe('comptoir-api');
    expect(claims.exp! - claims.iat!).toBe(900);

    // The refresh token is stored hashed, never in clear.
    const stored = await server.ctx.database.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('user_id', '=', owner.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(answer.body.refreshToken);

    // The access token opens the API.
    const me = await client.get('/api/account', { token: answer.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(owner.id);

    const row = await userRow(owner.id);
    expect(row.last_login_at).not.toBeNull();
    expect(Date.parse(row.last_login_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row.last_login_at!)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('donne au gérant les seules boutiques où il travaille, et plusieurs rôles à qui les a', async () => {
    const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const shop = await createService(server.ctx, owner.id, { nom: 'Boutique du gérant' });
    await createService(server.ctx, owner.id, { nom: 'Autre boutique' });
    const manager = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    await addMember(server.ctx, shop.id, manager.id);
    const answer = await client.post('/api/auth/login', {
      email: manager.email,
      password: PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.services).toEqual([
      { id: shop.id, nom: 'Boutique du gérant', current: true },
    ]);
    expect(decodeJwt(answer.body.token)['roles']).toEqual(['ROLE_GERANT']);

    const both = await createUser(server.ctx, { roles: ['ROLE_ADMIN', 'ROLE_PROPRIETAIRE'] });
    const multi = await client.post('/api/auth/login', { email: both.email, password: PASSWORD });
    expect(multi.status).toBe(200);
    expect(multi.body.user.roles).toEqual([{ nom: 'ROLE_PROPRIETAIRE' }, { nom: 'ROLE_ADMIN' }]);
    expect([...(decodeJwt(multi.body.token)['roles'] as string[])].sort()).toEqual([
      'ROLE_ADMIN',
      'ROLE_PROPRIETAIRE',
    ]);
  });

  it("ignore la casse et les espaces autour de l'adresse e-mail", async () => {
    const user = await createUser(server.ctx, {
      roles: ['ROLE_GERANT'],
      email: 'fatou.sow@exemple.test',
    });
    const answer = await client.post('/api/auth/login', {
      email: '  Fatou.SOW@Exemple.TEST \t',
      password: PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(user.id);
    expect(answer.body.user.email).toBe('fatou.sow@exemple.test');
    expect(decodeJwt(answer.body.token)['username']).toBe('fatou.sow@exemple.test');
  });

  it('ne distingue pas une adresse inconnue d’un mauvais mot de passe', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const wrong = await client.post('/api/auth/login', {
      email: user.email,
      password: 'pas-le-bon-mot-de-passe',
    });
    const unknown = await client.post('/api/auth/login', {
      email: 'personne@exemple.test',
      password: 'pas-le-bon-mot-de-passe',
    });
    const body = expectProblem(wrong, 401, 'INVALID_CREDENTIALS');
    expectProblem(unknown, 401, 'INVALID_CREDENTIALS');
    expect(unknown.body).toEqual(wrong.body);
    expect(body.detail).toBe('Adresse e-mail ou mot de passe incorrect.');
    // The password is case-sensitive.
    expectProblem(
      await client.post('/api/auth/login', { email: user.email, password: PASSWORD.toUpperCase() }),
      401,
      'INVALID_CREDENTIALS',
    );
    // Neither attempt opened a session.
    const tokens = await server.ctx.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toHaveLength(0);
    expect((await userRow(user.id)).last_login_at).toBeNull();
  });

  describe('corps invalides : 400 en problem+json, messages en français, jamais 500', () => {
    it('champs manquants ou vides', async () => {
      const none = expectValidation(await client.post('/api/auth/login', {}), 'email', 'password');
      expect(messageOf(none, 'email')).toBe("L'adresse e-mail est obligatoire.");
      expect(messageOf(none, 'password')).toBe('Le mot de passe est obligatoire.');
      const empty = expectValidation(
        await client.post('/api/auth/login', { email: 'a@b.fr', password: '' }),
        'password',
      );
      expect(messageOf(empty, 'password')).toBe('Le mot de passe est obligatoire.');
      const bad = expectValidation(
        await client.post('/api/auth/login', { email: 'pas-une-adresse', password: 'x' }),
        'email',
      );
      expect(messageOf(bad, 'email')).toBe("L'adresse e-mail n'est pas valide.");
      // No body at all.
      expectValidation(await client.request('POST', '/api/auth/login'), 'email', 'password');
    });

    it('corps qui n’est pas du JSON', async () => {
      const broken = expectProblem(
        await client.post('/api/auth/login', '{"email": "a@b.fr", '),
        400,
        'BAD_REQUEST',
      );
      expect(broken.detail).toBe("Le corps de la requête n'est pas un JSON valide.");
      expectProblem(await client.post('/api/auth/login', ''), 400, 'BAD_REQUEST');
      const poisoned = await client.post(
        '/api/auth/login',
        '{"__proto__": {"admin": true}, "email": "a@b.fr", "password": "x"}',
      );
      expectProblem(poisoned, 400, 'BAD_REQUEST');
    });

    it('mauvais types', async () => {
      const answer = expectValidation(
        await client.post('/api/auth/login', { email: 42, password: true }),
        'email',
        'password',
      );
      expect(messageOf(answer, 'email')).toBe("L'adresse e-mail est obligatoire.");
      expectValidation(
        await client.post('/api/auth/login', { email: { $ne: '' }, password: { $gt: '' } }),
        'email',
        'password',
      );
      expectValidation(
        await client.post('/api/auth/login', { email: null, password: null }),
        'email',
        'password',
      );
    });

    it('tableaux et valeurs JSON qui ne sont pas des objets', async () => {
      for (const body of [[], [{ email: 'a@b.fr', password: 'x' }], '"texte"', '42', 'true']) {
        const answer = expectProblem(await client.post('/api/auth/login', body), 400, 'VALIDATION');
        expect(answer.errors?.length).toBeGreaterThan(0);
      }
      expectValidation(
        await client.post('/api/auth/login', { email: ['a@b.fr'], password: ['x'] }),
        'email',
        'password',
      );
    });

    it('chaînes énormes', async () => {
      const huge = expectValidation(
        await client.post('/api/auth/login', {
          email: `${'a'.repeat(100_000)}@exemple.test`,
          password: 'p'.repeat(100_000),
        }),
        'email',
        'password',
      );
      expect(messageOf(huge, 'email')).toBe("L'adresse e-mail est trop longue.");
      expect(messageOf(huge, 'password')).toBe('Le mot de passe est trop long.');
      // Beyond the 1 MB limit of a JSON body: 413, still a French problem.
      expectProblem(
        await client.post('/api/auth/login', { email: 'a@b.fr', password: 'p'.repeat(2_000_000) }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
    });
  });

  it("refuse l'invité qui n'a pas encore choisi de mot de passe", async () => {
    const invited = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    await server.ctx.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', invited.id)
      .execute();
    for (const password of [PASSWORD, 'x', 'null']) {
      expectProblem(
        await client.post('/api/auth/login', { email: invited.email, password }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    expect((await userRow(invited.id)).last_login_at).toBeNull();
  });

  it('refuse un compte désactivé avec ACCOUNT_DISABLED (le bon mot de passe ayant été donné)', async () => {
    const disabled = await createUser(server.ctx, { roles: ['ROLE_GERANT'], active: false });
    const answer = expectProblem(
      await client.post('/api/auth/login', { email: disabled.email, password: PASSWORD }),
      401,
      'ACCOUNT_DISABLED',
    );
    expect(answer.detail).toBe('Ce compte est désactivé. Contactez votre responsable.');
    // With a wrong password nothing tells that the account exists.
    expectProblem(
      await client.post('/api/auth/login', { email: disabled.email, password: 'mauvais-mot' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const tokens = await server.ctx.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', disabled.id)
      .execute();
    expect(tokens).toHaveLength(0);
    expect((await userRow(disabled.id)).last_login_at).toBeNull();
  });

  it('ouvre une session distincte à chaque connexion', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const a = await client.post('/api/auth/login', { email: user.email, password: PASSWORD });
    const b = await client.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.refreshToken).not.toBe(b.body.refreshToken);
    const rows = await server.ctx.database.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.family_id).not.toBe(rows[1]!.family_id);
  });
});
