import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../src/core/route.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, createUser, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The access machinery of defineRoute, on routes made for the test (no route of this issue is
 * limited to some roles yet): role check → 403, shop check → 404, in that order.
 */
describe(`contrôle d'accès de defineRoute (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({}, (app, ctx) => {
      defineRoute(app, ctx, {
        method: 'GET',
        url: '/api/test/admin',
        summary: 'essai',
        tags: ['Essai'],
        access: ['ROLE_ADMIN'],
        responses: { 200: null },
        handler: async ({ user }) => ({ id: user.id, role: user.effectiveRole }),
      });
      defineRoute(app, ctx, {
        method: 'POST',
        url: '/api/test/services/:serviceId/proprietaire',
        summary: 'essai',
        tags: ['Essai'],
        access: ['ROLE_PROPRIETAIRE'],
        service: true,
        responses: { 200: null },
        handler: async ({ service }) => ({ serviceId: service.id }),
      });
      defineRoute(app, ctx, {
        method: 'GET',
        url: '/api/test/services/:serviceId/equipe',
        summary: 'essai',
        tags: ['Essai'],
        access: ['ROLE_PROPRIETAIRE', 'ROLE_GERANT'],
        service: true,
        responses: { 200: null },
        handler: async ({ service }) => ({ serviceId: service.id }),
      });
    });
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'managerA', 'managerB'] as const)
      token[name] = (await login(client, world[name].email)).token;
  });
  afterAll(() => server.close());

  it('route réservée à un rôle : 403 FORBIDDEN en français pour les autres, 401 sans jeton', async () => {
    const ok = await client.get('/api/test/admin', { token: token['admin'] });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: world.admin.id, role: 'ROLE_ADMIN' });
    const refused = expectProblem(
      await client.get('/api/test/admin', { token: token['ownerA'] }),
      403,
      'FORBIDDEN',
    );
    expect(refused.detail).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    expectProblem(
      await client.get('/api/test/admin', { token: token['managerA'] }),
      403,
      'FORBIDDEN',
    );
    expectProblem(await client.get('/api/test/admin'), 401, 'UNAUTHENTICATED');
  });

  it('le rôle est relu en base à chaque appel, pas dans le jeton', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_ADMIN'] });
    const t = (await login(client, user.email)).token;
    expect((await client.get('/api/test/admin', { token: t })).status).toBe(200);
    await server.ctx.database.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    expectProblem(await client.get('/api/test/admin', { token: t }), 403, 'FORBIDDEN');
  });

  it('route de boutique : le propriétaire dans la sienne, 404 dans celle d’un autre ; les autres rôles 403 d’abord', async () => {
    const own = `/api/test/services/${world.shopA.id}/proprietaire`;
    const other = `/api/test/services/${world.shopB.id}/proprietaire`;
    const answer = await client.post(own, undefined, { token: token['ownerA'] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ serviceId: world.shopA.id });
    const notFound = expectProblem(
      await client.post(other, undefined, { token: token['ownerA'] }),
      404,
      'NOT_FOUND',
    );
    expect(notFound.detail).toBe('Boutique introuvable.');
    // A shop that does not exist answers exactly like another owner's.
    const missing = await client.post('/api/test/services/999999/proprietaire', undefined, {
      token: token['ownerA'],
    });
    expect(missing.body).toEqual(notFound);
    // Role first: the manager of shop A and the admin are refused whatever the shop.
    expectProblem(
      await client.post(own, undefined, { token: token['managerA'] }),
      403,
      'FORBIDDEN',
    );
    expectProblem(await client.post(other, undefined, { token: token['admin'] }), 403, 'FORBIDDEN');
    expectProblem(await client.post(own, undefined), 401, 'UNAUTHENTICATED');
  });

  it('écriture de boutique : compte, rôles, boutique et abonnement lus en une seule instruction', async () => {
    const lues = instructions();
    try {
      const answer = await client.post(
        `/api/test/services/${world.shopA.id}/proprietaire`,
        undefined,
        { token: token['ownerA'] },
      );
      expect(answer.status).toBe(200);
      expect(lues.n).toBe(1);
    } finally {
      lues.stop();
    }
  });

  it('route d’équipe : chaque gérant dans sa boutique seulement', async () => {
    const a = `/api/test/services/${world.shopA.id}/equipe`;
    const b = `/api/test/services/${world.shopB.id}/equipe`;
    expect((await client.get(a, { token: token['managerA'] })).status).toBe(200);
    expect((await client.get(b, { token: token['managerB'] })).status).toBe(200);
    expectProblem(await client.get(b, { token: token['managerA'] }), 404, 'NOT_FOUND');
    expectProblem(await client.get(a, { token: token['managerB'] }), 404, 'NOT_FOUND');
    // Removed from the shop: 404 at the next call.
    await server.ctx.database.db
      .deleteFrom('service_members')
      .where('user_id', '=', world.managerA.id)
      .execute();
    expectProblem(await client.get(a, { token: token['managerA'] }), 404, 'NOT_FOUND');
    await server.ctx.database.db
      .insertInto('service_members')
      .values({ service_id: world.shopA.id, user_id: world.managerA.id })
      .execute();
    expect((await client.get(a, { token: token['managerA'] })).status).toBe(200);
  });

  it('identifiant de boutique mal formé : 400 en français', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      const body = expectValidation(
        await client.get(`/api/test/services/${id}/equipe`, { token: token['ownerA'] }),
        'serviceId',
      );
      expect(body.errors?.[0]?.field).toBe('serviceId');
    }
  });
});

/** Counts the statements sent to the database from now until `stop` (the server runs in this process). */
function instructions() {
  const restore: Array<() => void> = [];
  const compte = {
    n: 0,
    stop: () => restore.forEach((r) => r()),
  };
  const wrap = (proto: Record<string, unknown>, name: string) => {
    const original = proto[name] as (...args: unknown[]) => unknown;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      compte.n++;
      return original.apply(this, args);
    };
    restore.push(() => (proto[name] = original));
  };
  if (TEST_DIALECT === 'postgres') wrap(pg.Client.prototype as never, 'query');
  else {
    const memoire = new SQLite(':memory:');
    const statement = Object.getPrototypeOf(memoire.prepare('select 1')) as Record<string, unknown>;
    memoire.close();
    for (const name of ['all', 'get', 'run', 'iterate']) wrap(statement, name);
  }
  return compte;
}
