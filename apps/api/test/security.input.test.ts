import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectValidation } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Identifiers are read strictly and invisible characters do not reach the database (issue 10,
 * item 15): `" 3"`, `"0x3"`, `[3]`, `true` are not 3; a bidirectional override is refused; a
 * zero-width space is removed.
 */
const LOOSE_PATH = ['0x1', '%201', '1%20', '01', '1.0', '1e0', '+1', '0b1'];

describe(`identifiants stricts, caractères invisibles (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let admin: { token: string };
  let owner: { token: string };
  let manager: { token: string };

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    admin = { token: (await login(client, world.admin.email)).token };
    owner = { token: (await login(client, world.ownerA.email)).token };
    manager = { token: (await login(client, world.managerA.email)).token };
  });
  afterAll(() => server.close());

  const actorFor = (access: unknown) => {
    const roles = Array.isArray(access) ? (access as string[]) : [];
    if (roles.length === 0 || roles.includes('ROLE_ADMIN')) return admin;
    return roles.includes('ROLE_PROPRIETAIRE') ? owner : manager;
  };

  it('tout identifiant de chemin mal écrit (0x1, « 1 », 01, 1.0, 1e0) est refusé en 400, sur chaque route', async () => {
    let probes = 0;
    for (const route of server.ctx.routes) {
      if (route.method !== 'GET' || !route.params) continue;
      const shape = (route.params as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const name of Object.keys(shape)) {
        if (shape[name]!.safeParse('1').data !== 1) continue; // not a numeric id (file keys)
        for (const loose of LOOSE_PATH) {
          const url = route.url.replace(/:(\w+)/g, (_, p: string) =>
            p === name ? loose : p === 'serviceId' ? String(world.shopA.id) : '1',
          );
          const answer = await client.get(url, actorFor(route.access));
          expectValidation(answer);
          probes++;
        }
      }
    }
    expect(probes).toBeGreaterThan(100);
  });

  it('page et taille de liste : seulement des entiers écrits simplement', async () => {
    const url = `/api/services/${world.shopA.id}/produits`;
    for (const q of ['page=%201', 'page=0x1', 'size=1e1', 'size=08', 'page=1.0'])
      expectValidation(await client.get(`${url}?${q}`, owner));
    expect((await client.get(`${url}?page=1&size=10`, owner)).status).toBe(200);
  });

  it('un identifiant dans un corps : un nombre JSON, pas un texte, un booléen ni une liste', async () => {
    const { db } = server.ctx.database;
    const unite = await db
      .selectFrom('unites')
      .select('id')
      .where('nom', '=', 'pièce')
      .executeTakeFirstOrThrow();
    const url = `/api/services/${world.shopA.id}/produits`;
    const loose = [` ${unite.id}`, `0x${unite.id.toString(16)}`, `0${unite.id}`, `${unite.id}.0`];
    for (const value of [...loose, true, [unite.id], { id: unite.id }]) {
      const answer = await client.post(url, { nom: 'Riz', prixVente: 500, uniteId: value }, owner);
      expectValidation(answer, 'uniteId');
    }
    const none = await db
      .selectFrom('produits')
      .select('id')
      .where('service_id', '=', world.shopA.id)
      .execute();
    expect(none).toEqual([]);
    for (const value of [unite.id, String(unite.id)]) {
      const ok = await client.post(
        url,
        { nom: `Riz ${value}`, prixVente: 500, uniteId: value },
        owner,
      );
      expect(ok.status).toBe(201);
    }
  });

  it('un nom avec un caractère bidirectionnel ou de contrôle est refusé, le champ nommé', async () => {
    for (const bad of [
      '\u202Etxt.exe',
      'Riz\u2066',
      'A\u200Fb',
      'Sucre\u0007',
      'X\u0085',
      'Y\u061C',
    ]) {
      const answer = await client.post(
        `/api/services/${world.shopA.id}/marques`,
        { nom: bad },
        owner,
      );
      const body = expectValidation(answer, 'nom');
      expect(body.errors?.[0]?.message).toMatch(
        /caractère de contrôle invisible \(U\+[0-9A-F]{4}\)/,
      );
    }
    // In a path and a query string too.
    const base = `/api/services/${world.shopA.id}/produits`;
    expectValidation(await client.get(`${base}/code-barres/12%E2%80%AE34`, owner), 'code');
    expectValidation(await client.get(`${base}?q=riz%00`, owner), 'q');
    const marques = await server.ctx.database.db
      .selectFrom('marques')
      .select('nom')
      .where('service_id', '=', world.shopA.id)
      .execute();
    expect(marques).toEqual([]);
  });

  it('les espaces de largeur nulle et la marque d’ordre des octets sont retirés ; tabulations et retours à la ligne gardés', async () => {
    const answer = await client.post(
      `/api/services/${world.shopA.id}/marques`,
      { nom: '\uFEFFCo\u200Bca\u00AD-Co\u200Dla\u2060' },
      owner,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.nom).toBe('Coca-Cola');
    // Only invisible: nothing left, so the name is missing.
    expectValidation(
      await client.post(`/api/services/${world.shopA.id}/marques`, { nom: '\u200B\uFEFF' }, owner),
      'nom',
    );
  });

  it('dans une liste, la ligne fautive est nommée et les caractères invisibles retirés', async () => {
    const url = `/api/services/${world.shopA.id}/produits`;
    const ligne = (nom: string) => ({ nom, unite: 'pce', prixVente: 10 });
    const refused = expectValidation(
      await client.post(
        `${url}/import`,
        { lignes: [ligne('Riz'), ligne('Mil'), ligne('Su\u202Ecre')] },
        owner,
      ),
      'lignes.2.nom',
    );
    expect(refused.errors).toHaveLength(1);
    const done = await client.post(
      `${url}/import`,
      { lignes: [ligne('Fonio'), ligne('Ma\u200Bïs\uFEFF')] },
      owner,
    );
    expect(done.body.importes, JSON.stringify(done.body)).toBe(2);
    const items = (await client.get(`${url}?q=ma%C3%AFs`, owner)).body.items;
    expect(items.map((p: { nom: string }) => p.nom)).toEqual(['Maïs']);
  });
});
