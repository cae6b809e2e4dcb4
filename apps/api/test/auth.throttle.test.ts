import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, PASSWORD } from './support/factories.js';
import { TestClient, type Answer } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The server trusts one proxy hop (TRUST_PROXY=1): the test client plays that proxy and writes the
 * client address in X-Forwarded-For, so that each test uses addresses of its own.
 */
describe(`limitation des tentatives de connexion (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let block = 0;
  beforeAll(async () => {
    server = await startTestServer({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
      LOGIN_MAX_FAILURES_PER_IP: '12',
      TRUST_PROXY: '1',
    });
  });
  afterAll(() => server.close());

  /** A fresh block of addresses for one test: 10.<n>.x.y. */
  const addresses = () => {
    block++;
    return (i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  };
  /** A browser: its own cookies (anti-forgery, known device). */
  const browser = async () => {
    const c = new TestClient(server.baseUrl);
    await c.get('/api/auth/xsrf');
    return c;
  };
  const attempt = (c: TestClient, email: string, password: string, from: string) =>
    c.post('/api/auth/login', { email, password }, { headers: { 'x-forwarded-for': from } });
  async function fail(c: TestClient, email: string, from: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++)
      expectProblem(await attempt(c, email, `mauvais-${i}`, from), 401, 'INVALID_CREDENTIALS');
  }
  const statuses = (answers: Answer[]) => {
    const count: Record<number, number> = {};
    for (const a of answers) count[a.status] = (count[a.status] ?? 0) + 1;
    return count;
  };
  const sessionsOf = async (userId: number) =>
    (
      await server.ctx.database.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;
  const retryAfter = (a: Answer) => Number(a.headers.get('retry-after'));

  it('50 tentatives simultanées sur un compte : 5 vérifications de mot de passe, pas une de plus', async () => {
    const at = addresses();
    const victim = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const c = await browser();
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(c, victim.email, `essai-${i}`, at(0))),
    );
    // 401: the password was checked; 429: refused before any check.
    expect(statuses(burst)).toEqual({ 401: 5, 429: 45 });
    for (const a of burst.filter((x) => x.status === 429))
      expectProblem(a, 429, 'TOO_MANY_ATTEMPTS');
    // Once the limit is reached, the right password among a new burst does not sign in.
    const second = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt(c, victim.email, i % 10 === 9 ? PASSWORD : `autre-${i}`, at(0)),
      ),
    );
    expect(statuses(second)).toEqual({ 429: 50 });
    expect(await sessionsOf(victim.id)).toBe(0);
  });

  it('50 tentatives simultanées depuis une adresse sur 50 comptes : 12 vérifications au plus', async () => {
    const at = addresses();
    const c = await browser();
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt(c, `pulverisation${block}-${i}@exemple.test`, 'azerty-2024', at(0)),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: 12, 429: 38 });
    // A new device at that address, right password: slowed down with the rest of the address.
    const fresh = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    expectProblem(
      await attempt(await browser(), fresh.email, PASSWORD, at(0)),
      429,
      'TOO_MANY_ATTEMPTS',
    );
    // The same address is not blocked for ever: another address is untouched.
    expect((await attempt(await browser(), fresh.email, PASSWORD, at(1))).status).toBe(200);
  });

  it('au-delà de 5 échecs, des délais qui doublent (1, 2, 4… minutes) et non un blocage', async () => {
    const at = addresses();
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const c = await browser();
    server.clock.set('2026-06-15T09:00:00Z');
    try {
      await fail(c, user.email, at(0), 5);
      const first = await attempt(c, user.email, PASSWORD, at(0));
      const body = expectProblem(first, 429, 'TOO_MANY_ATTEMPTS');
      expect(body.detail).toBe(
        'Trop de tentatives de connexion échouées. Réessayez dans 1 minute ou réinitialisez votre mot de passe.',
      );
      expect(retryAfter(first)).toBe(60);
      server.clock.advance(59_000);
      expect(retryAfter(await attempt(c, user.email, PASSWORD, at(0)))).toBe(1);
      let delay = 60;
      for (const next of [120, 240, 480, 900, 900]) {
        server.clock.advance(delay * 1000 - 59_000);
        await fail(c, user.email, at(0)); // One more guess once the delay is over…
        const refused = await attempt(c, user.email, PASSWORD, at(0)); // …then the next delay.
        expectProblem(refused, 429, 'TOO_MANY_ATTEMPTS');
        expect(retryAfter(refused)).toBe(next);
        delay = next;
        server.clock.advance(59_000);
      }
      expect(
        expectProblem(await attempt(c, user.email, PASSWORD, at(0)), 429, 'TOO_MANY_ATTEMPTS')
          .detail,
      ).toContain('Réessayez dans 15 minutes');
      // The owner, from another address, is not held up at any moment.
      expect((await attempt(await browser(), user.email, PASSWORD, at(1))).status).toBe(200);
      // Once the delay is over, the right password signs in and the counter starts afresh.
      server.clock.advance(delay * 1000);
      expect((await attempt(c, user.email, PASSWORD, at(0))).status).toBe(200);
      await fail(c, user.email, at(0), 5);
      // A counter left alone for a day is forgotten.
      expectProblem(await attempt(c, user.email, PASSWORD, at(0)), 429, 'TOO_MANY_ATTEMPTS');
      server.clock.advance(24 * 3600_000 + 1000);
      expect((await attempt(c, user.email, PASSWORD, at(0))).status).toBe(200);
    } finally {
      server.clock.release();
    }
  });

  it('même adresse qu’un attaquant : l’appareil déjà connecté au compte passe', async () => {
    const at = addresses();
    const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const ownerBrowser = await browser();
    expect((await attempt(ownerBrowser, owner.email, PASSWORD, at(0))).status).toBe(200);
    // The attacker shares the shop's (or the carrier's) address: guesses the owner's account and
    // sprays others until both the pair and the address are slowed down.
    const attacker = await browser();
    const guesses = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => attempt(attacker, owner.email, `g-${i}`, at(0))),
      ...Array.from({ length: 30 }, (_, i) =>
        attempt(attacker, `voisin${block}-${i}@exemple.test`, 'soleil-2024', at(0)),
      ),
    ]);
    expect(statuses(guesses)[401]).toBeLessThanOrEqual(12);
    expectProblem(await attempt(attacker, owner.email, PASSWORD, at(0)), 429, 'TOO_MANY_ATTEMPTS');
    // The owner's browser, with the right password, from the very same address.
    const answer = await attempt(ownerBrowser, owner.email, PASSWORD, at(0));
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(owner.id);
    // Its own mistakes count on its own counter: 5 free, then a delay for this device only.
    await fail(ownerBrowser, owner.email, at(0), 5);
    expectProblem(
      await attempt(ownerBrowser, owner.email, PASSWORD, at(0)),
      429,
      'TOO_MANY_ATTEMPTS',
    );
  });

  it('un compte deviné depuis 60 adresses : 50 vérifications, puis seuls les appareils connus passent', async () => {
    const at = addresses();
    const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const ownerBrowser = await browser();
    expect((await attempt(ownerBrowser, owner.email, PASSWORD, at(100))).status).toBe(200);
    const attacker = await browser();
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(attacker, owner.email, `pw-${i}`, at(i))),
    );
    // Ten times the per-account limit over every address, then one guess per delay.
    expect(statuses(guesses)).toEqual({ 401: 50, 429: 10 });
    // A device that never signed in to this account waits, even from a new address…
    expectProblem(
      await attempt(await browser(), owner.email, PASSWORD, at(200)),
      429,
      'TOO_MANY_ATTEMPTS',
    );
    // …the owner's own browser, from anywhere, signs in.
    expect((await attempt(ownerBrowser, owner.email, PASSWORD, at(201))).status).toBe(200);
    // A device cookie proves one account only: it does not open another.
    const other = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    await fail(ownerBrowser, other.email, at(202), 5);
    expectProblem(
      await attempt(ownerBrowser, other.email, PASSWORD, at(202)),
      429,
      'TOO_MANY_ATTEMPTS',
    );
  });

  it('les adresses e-mail inconnues comptent aussi, quelle que soit la casse', async () => {
    const at = addresses();
    const c = await browser();
    const ghost = `inconnu${block}@exemple.test`;
    await fail(c, ghost, at(0), 5);
    expectProblem(await attempt(c, ghost.toUpperCase(), 'encore', at(0)), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('la limite par adresse n’est pas atteinte à 11 échecs ; une connexion réussie remet le compteur du compte à zéro', async () => {
    const at = addresses();
    const c = await browser();
    for (let i = 0; i < 11; i++) await fail(c, `autre${block}-${i}@exemple.test`, at(0));
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    expect((await attempt(await browser(), user.email, PASSWORD, at(0))).status).toBe(200);
    const d = await browser();
    await fail(d, user.email, at(1), 4);
    expect((await attempt(d, user.email, PASSWORD, at(1))).status).toBe(200);
    await fail(d, user.email, at(1), 4);
    expect((await attempt(d, user.email, PASSWORD, at(1))).status).toBe(200);
  });
});
