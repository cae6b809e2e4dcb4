import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { startTestServer, type TestServer } from './support/test-app.js';

// The app counts its requests in progress for the SQLite driver (db/sqlite-groupe.ts: a sale alone
// commits at once). Over real HTTP: counted from arrival to the end of the answer, a dropped
// connection included, and never left behind.
describe.skipIf(TEST_DIALECT === 'postgres')('SQLite : requêtes en cours comptées', () => {
  let server: TestServer;
  let liberer: () => void = () => {};
  let retenue = new Promise<void>((ok) => (liberer = ok));
  const enCours = () => server.ctx.database.affluence!.enCours;

  beforeAll(async () => {
    server = await startTestServer({}, (app, ctx) => {
      app.get('/test-affluence', async () => ({ enCours: ctx.database.affluence!.enCours }));
      app.get('/test-retenue', async () => {
        await retenue;
        return { ok: true };
      });
    });
  });
  afterAll(() => server.close());

  it('une requête se compte pendant qu’elle est servie, plus après sa réponse', async () => {
    const reponse = await fetch(`${server.baseUrl}/test-affluence`);
    expect(await reponse.json()).toEqual({ enCours: 1 });
    await vi.waitFor(() => expect(enCours()).toBe(0), { timeout: 30_000 });
  });

  it('trois requêtes en attente comptent trois ; une connexion coupée se décompte aussi', async () => {
    retenue = new Promise<void>((ok) => (liberer = ok));
    const coupee = new AbortController();
    const attentes = [
      fetch(`${server.baseUrl}/test-retenue`),
      fetch(`${server.baseUrl}/test-retenue`),
      fetch(`${server.baseUrl}/test-retenue`, { signal: coupee.signal }).catch(() => null),
    ];
    await vi.waitFor(() => expect(enCours()).toBe(3), { timeout: 30_000 });
    coupee.abort();
    await vi.waitFor(() => expect(enCours()).toBe(2), { timeout: 30_000 });
    liberer();
    const [a, b] = await Promise.all(attentes);
    expect([a!.status, b!.status]).toEqual([200, 200]);
    await vi.waitFor(() => expect(enCours()).toBe(0), { timeout: 30_000 });
  });

  it('une requête refusée (jeton anti-falsification absent) se décompte aussi', async () => {
    const reponse = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST' });
    expect(reponse.status).toBe(403);
    await vi.waitFor(() => expect(enCours()).toBe(0), { timeout: 30_000 });
  });
});
