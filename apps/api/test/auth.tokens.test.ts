import { createHash } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './support/test-app.js';
import { decodeJwt, forgeToken, unsignedToken } from './support/tokens.js';

describe(`jetons d'accès et de renouvellement (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let user: { id: number; email: string };
  let session: { token: string; refreshToken: string };
  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    session = await login(client, user.email);
  });
  afterAll(() => server.close());

  const db = () => server.ctx.database.db;
  const claimsOf = (u: { id: number; email: string }) => ({
    sub: String(u.id),
    username: u.email,
    roles: ['ROLE_PROPRIETAIRE'],
  });
  const account = (token?: string, headers?: Record<string, string>) =>
    client.get('/api/account', { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
  const refresh = (refreshToken: string) => client.post('/api/auth/refresh', { refreshToken });

  describe('GET /api/account', () => {
    it('accepte le jeton de la connexion', async () => {
      const answer = await account(session.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: user.id,
        email: user.email,
        roles: [{ nom: 'ROLE_PROPRIETAIRE' }],
      });
    });

    it('sans en-tête Authorization : 401 UNAUTHENTICATED', async () => {
      const body = expectProblem(await account(), 401, 'UNAUTHENTICATED');
      expect(body.detail).toBe('Vous devez être connecté.');
      expectProblem(
        await account(undefined, { authorization: session.token }),
        401,
        'UNAUTHENTICATED',
      );
      expectProblem(
        await account(undefined, {
          authorization: `Basic ${Buffer.from('a:b').toString('base64')}`,
        }),
        401,
        'UNAUTHENTICATED',
      );
      expectProblem(await account(undefined, { authorization: 'Bearer ' }), 401, 'UNAUTHENTICATED');
      expectProblem(await account('pas.un.jeton'), 401, 'UNAUTHENTICATED');
    });

    it('jeton signé avec un autre secret : 401', async () => {
      const forged = await forgeToken({
        ...claimsOf(user),
        secret: 'un-autre-secret-un-autre-secret-0123456789',
      });
      expectProblem(await account(forged), 401, 'UNAUTHENTICATED');
      // The same claims signed with the right secret pass: only the signature was at fault.
      expect((await account(await forgeToken(claimsOf(user)))).status).toBe(200);
    });

    it('jeton expiré : 401 TOKEN_EXPIRED', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await forgeToken({ ...claimsOf(user), iat: now - 1000, exp: now - 60 });
      const body = expectProblem(await account(expired), 401, 'TOKEN_EXPIRED');
      expect(body.detail).toBe('Votre session a expiré.');
    });

    it('jeton « alg: none » : 401', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = unsignedToken({
        ...claimsOf(user),
        sv: 0,
        typ: 'access',
        iss: 'comptoir',
        aud: 'comptoir-api',
        iat: now,
        exp: now + 600,
      });
      expectProblem(await account(token), 401, 'UNAUTHENTICATED');
      // The same, with a signature part copied from a real token.
      const signature = session.token.split('.')[2];
      expectProblem(await account(token + signature), 401, 'UNAUTHENTICATED');
    });

    it('jeton dont le type n’est pas « access » : 401', async () => {
      expectProblem(
        await account(await forgeToken({ ...claimsOf(user), typ: 'refresh' })),
        401,
        'UNAUTHENTICATED',
      );
      expectProblem(
        await account(await forgeToken({ ...claimsOf(user), typ: 'reset' })),
        401,
        'UNAUTHENTICATED',
      );
    });

    it('émetteur ou audience étrangers, sujet non numérique : 401', async () => {
      expectProblem(
        await account(await forgeToken({ ...claimsOf(user), issuer: 'autre' })),
        401,
        'UNAUTHENTICATED',
      );
      expectProblem(
        await account(await forgeToken({ ...claimsOf(user), audience: 'autre-api' })),
        401,
        'UNAUTHENTICATED',
      );
      expectProblem(
        await account(await forgeToken({ ...claimsOf(user), sub: 'admin' })),
        401,
        'UNAUTHENTICATED',
      );
    });

    it('jeton de renouvellement présenté comme jeton d’accès : 401', async () => {
      expectProblem(await account(session.refreshToken), 401, 'UNAUTHENTICATED');
    });

    it('jeton d’un utilisateur qui n’existe pas : 401', async () => {
      const ghost = await forgeToken({
        sub: '999999',
        username: 'fantome@exemple.test',
        roles: ['ROLE_ADMIN'],
      });
      // A valid signature, but no such account: the session is over, as for a deleted user.
      const body = expectProblem(await account(ghost), 401, 'TOKEN_EXPIRED');
      expect(body.detail).toBe('Votre session a expiré. Reconnectez-vous.');
    });

    it('jeton de connexion : HS256 signé du secret du serveur, valable 15 minutes exactement', async () => {
      server.clock.freeze('2026-06-15T09:00:00Z');
      try {
        const s = await login(client, user.email);
        // Checked here with jose and the secret the test gave the server, not with the server's code.
        const { payload, protectedHeader } = await jwtVerify(
          s.token,
          new TextEncoder().encode(TEST_JWT_SECRET),
          { currentDate: new Date('2026-06-15T09:00:00Z') },
        );
        expect(protectedHeader.alg).toBe('HS256');
        expect(payload).toMatchObject({
          ...claimsOf(user),
          iss: 'comptoir',
          aud: 'comptoir-api',
          typ: 'access',
          iat: Date.parse('2026-06-15T09:00:00Z') / 1000,
          exp: Date.parse('2026-06-15T09:15:00Z') / 1000,
        });
        server.clock.freeze('2026-06-15T09:14:59Z');
        expect((await account(s.token)).status).toBe(200);
        server.clock.freeze('2026-06-15T09:15:00Z');
        expectProblem(await account(s.token), 401, 'TOKEN_EXPIRED');
      } finally {
        server.clock.release();
      }
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('fait tourner le jeton : un nouveau jeton, un jeton d’accès qui fonctionne', async () => {
      const s = await login(client, user.email);
      const answer = await refresh(s.refreshToken);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['refreshToken', 'token', 'user']);
      expect(answer.body.refreshToken).not.toBe(s.refreshToken);
      expect(answer.body.user).toMatchObject({
        id: user.id,
        email: user.email,
        roles: [{ nom: 'ROLE_PROPRIETAIRE' }],
      });
      expect(decodeJwt(answer.body.token).sub).toBe(String(user.id));
      expect((await account(answer.body.token)).status).toBe(200);
      // The new token descends from the same sign-in; the spent one is marked used.
      const rows = await db()
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      const families = new Set(rows.slice(-2).map((r) => r.family_id));
      expect(families.size).toBe(1);
      expect(rows.at(-2)!.used_at).not.toBeNull();
      expect(rows.at(-1)!.used_at).toBeNull();
      // And it can be rotated again.
      const again = await refresh(answer.body.refreshToken);
      expect(again.status).toBe(200);
    });

    it('rejouer un jeton déjà servi : 401 et toute la famille est révoquée, les autres sessions non', async () => {
      const victim = await login(client, user.email);
      const other = await login(client, user.email);
      const rotated = await refresh(victim.refreshToken);
      expect(rotated.status).toBe(200);

      const replay = expectProblem(
        await refresh(victim.refreshToken),
        401,
        'INVALID_REFRESH_TOKEN',
      );
      expect(replay.detail).toBe('Votre session a expiré. Reconnectez-vous.');
      // The token issued by the rotation dies with its family.
      expectProblem(await refresh(rotated.body.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
      const family = decodeFamily(
        await db()
          .selectFrom('refresh_tokens')
          .selectAll()
          .where('user_id', '=', user.id)
          .execute(),
        victim.refreshToken,
      );
      expect(family.every((r) => r.revoked_at !== null)).toBe(true);

      // Another sign-in of the same user is untouched.
      const fine = await refresh(other.refreshToken);
      expect(fine.status).toBe(200);
    });

    it('deux renouvellements simultanés du même jeton : un seul réussit', async () => {
      const s = await login(client, user.email);
      const answers = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    });

    it('jeton expiré : 401', async () => {
      const s = await login(client, user.email);
      const rows = await db()
        .selectFrom('refresh_tokens')
        .select(['id', 'token_hash'])
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      await db()
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', rows[0]!.id)
        .execute();
      expectProblem(await refresh(s.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    });

    it('jeton inconnu ou corps invalide', async () => {
      expectProblem(await refresh('inconnu'), 401, 'INVALID_REFRESH_TOKEN');
      // An access token is no refresh token (and is longer than one can be).
      expectProblem(await refresh(session.token), 400, 'VALIDATION');
      expectProblem(await client.post('/api/auth/refresh', {}), 400, 'VALIDATION');
      expectProblem(
        await client.post('/api/auth/refresh', { refreshToken: 'x'.repeat(5000) }),
        400,
        'VALIDATION',
      );
    });
  });

  it("désactiver le compte refuse aussitôt son jeton d'accès et son renouvellement", async () => {
    const victim = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const s = await login(client, victim.email);
    expect((await account(s.token)).status).toBe(200);
    await db().updateTable('users').set({ active: 0 }).where('id', '=', victim.id).execute();
    const body = expectProblem(await account(s.token), 401, 'ACCOUNT_DISABLED');
    expect(body.detail).toBe('Ce compte est désactivé. Contactez votre responsable.');
    expectProblem(await refresh(s.refreshToken), 401, 'ACCOUNT_DISABLED');
    // Re-enabled, the account works again with a new sign-in.
    await db().updateTable('users').set({ active: 1 }).where('id', '=', victim.id).execute();
    expect((await login(client, victim.email)).user.id).toBe(victim.id);
  });
});

/** The rows of the family the given (clear) refresh token belongs to. */
function decodeFamily<R extends { token_hash: string; family_id: string }>(
  rows: R[],
  clear: string,
): R[] {
  const hash = createHashHex(clear);
  const own = rows.find((r) => r.token_hash === hash);
  if (!own) throw new Error('jeton introuvable');
  return rows.filter((r) => r.family_id === own.family_id);
}

const createHashHex = (s: string) => createHash('sha256').update(s).digest('hex');
