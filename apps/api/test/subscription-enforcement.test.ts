import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../src/core/route.js';
import { TEST_DIALECT } from './support/database.js';
import {
  addMember,
  createService,
  createTenants,
  createUser,
  dayFromToday,
  login,
  subscribe,
} from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
const french = (date: string) => date.split('-').reverse().join('/');

/**
 * The subscription rule of defineRoute, on routes made for the test (no route of this issue lets
 * a manager write): a manager's writes depend on the subscription of the shop's owner.
 */
describe(`abonnement exigé pour écrire (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;

  beforeAll(async () => {
    server = await startTestServer({}, (app, ctx) => {
      const ok = async () => ({ ok: true });
      const base = { summary: 'essai', tags: ['Essai'], responses: { 200: null } };
      defineRoute(app, ctx, {
        ...base,
        method: 'POST',
        url: '/api/test/services/:serviceId/vente',
        access: ['ROLE_PROPRIETAIRE', 'ROLE_GERANT'],
        service: true,
        handler: ok,
      });
      defineRoute(app, ctx, {
        ...base,
        method: 'GET',
        url: '/api/test/services/:serviceId/vente',
        access: ['ROLE_PROPRIETAIRE', 'ROLE_GERANT'],
        service: true,
        handler: ok,
      });
      defineRoute(app, ctx, {
        ...base,
        method: 'DELETE',
        url: '/api/test/brouillon',
        access: ['ROLE_GERANT', 'ROLE_PROPRIETAIRE', 'ROLE_ADMIN'],
        handler: ok,
      });
      defineRoute(app, ctx, {
        ...base,
        method: 'PATCH',
        url: '/api/test/preferences',
        access: 'user',
        subscription: 'exempt',
        handler: ok,
      });
    });
    client = server.client();
    world = await createTenants(server.ctx);
  });
  afterAll(() => server.close());

  /** An owner with a shop, a manager in it, a subscription as given; both signed in. */
  async function tenant(subscription?: { dateDebut: string; dateFin: string; suspendu?: boolean }) {
    const { ctx } = server;
    const owner = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const shop = await createService(ctx, owner.id);
    const manager = await createUser(ctx, { roles: ['ROLE_GERANT'] });
    await addMember(ctx, shop.id, manager.id);
    const sub = subscription ? await subscribe(ctx, owner.id, subscription) : undefined;
    return {
      owner,
      shop,
      manager,
      sub,
      ownerToken: { token: (await login(client, owner.email)).token },
      managerToken: { token: (await login(client, manager.email)).token },
    };
  }

  it('abonnement expiré : le gérant et le propriétaire lisent, mais chaque écriture répond 402 avec la date de fin', async () => {
    const t = await tenant({ dateDebut: dayFromToday(-400), dateFin: dayFromToday(-1) });
    const sale = `/api/test/services/${t.shop.id}/vente`;
    const end = french(dayFromToday(-1));
    const managerWrite = expectProblem(
      await client.post(sale, undefined, t.managerToken),
      402,
      'SUBSCRIPTION_REQUIRED',
    );
    expect(managerWrite.title).toBe('Abonnement requis');
    expect(managerWrite.detail).toBe(
      `L'abonnement de cette boutique a pris fin le ${end} : les modifications sont bloquées. Contactez ${world.admin.email} pour le renouveler.`,
    );
    const ownerWrite = expectProblem(
      await client.post(sale, undefined, t.ownerToken),
      402,
      'SUBSCRIPTION_REQUIRED',
    );
    expect(ownerWrite.detail).toBe(
      `Votre abonnement a pris fin le ${end} : les modifications sont bloquées. Contactez ${world.admin.email} pour le renouveler.`,
    );
    expectProblem(
      await client.delete('/api/test/brouillon', t.managerToken),
      402,
      'SUBSCRIPTION_REQUIRED',
    );
    expectProblem(
      await client.delete('/api/test/brouillon', t.ownerToken),
      402,
      'SUBSCRIPTION_REQUIRED',
    );
    expect((await client.get(sale, t.managerToken)).status).toBe(200);
    expect((await client.get(sale, t.ownerToken)).status).toBe(200);
    // Sign-in and self-service stay open.
    expect((await client.patch('/api/test/preferences', undefined, t.managerToken)).status).toBe(
      200,
    );
    expect(
      (await client.put('/api/account', { prenom: 'Rokhaya', nom: 'Mbaye' }, t.managerToken))
        .status,
    ).toBe(200);
    expect(
      (
        await client.post('/api/auth/login', {
          email: t.manager.email,
          password: t.manager.password,
        })
      ).status,
    ).toBe(200);
  });

  it('le renouvellement lève le blocage à la requête suivante, avec les mêmes jetons', async () => {
    const t = await tenant({ dateDebut: dayFromToday(-400), dateFin: dayFromToday(-1) });
    const sale = `/api/test/services/${t.shop.id}/vente`;
    expectProblem(await client.post(sale, undefined, t.managerToken), 402, 'SUBSCRIPTION_REQUIRED');
    const admin = { token: (await login(client, world.admin.email)).token };
    expect(
      (
        await client.post(
          `/api/abonnements/${t.sub!.id}/renouveler`,
          { modePaiement: 'especes' },
          admin,
        )
      ).status,
    ).toBe(201);
    expect((await client.post(sale, undefined, t.managerToken)).status).toBe(200);
    expect((await client.post(sale, undefined, t.ownerToken)).status).toBe(200);
    expect((await client.delete('/api/test/brouillon', t.managerToken)).status).toBe(200);
  });

  it('aucun abonnement, abonnement à venir, suspendu : 402 avec le motif', async () => {
    const none = await tenant();
    const sale = (shop: number) => `/api/test/services/${shop}/vente`;
    expect(
      expectProblem(
        await client.post(sale(none.shop.id), undefined, none.managerToken),
        402,
        'SUBSCRIPTION_REQUIRED',
      ).detail,
    ).toBe(
      `Cette boutique n’a aucun abonnement actif : les modifications sont bloquées. Contactez ${world.admin.email} pour souscrire un abonnement.`,
    );
    expect(
      expectProblem(
        await client.post(sale(none.shop.id), undefined, none.ownerToken),
        402,
        'SUBSCRIPTION_REQUIRED',
      ).detail,
    ).toBe(
      `Vous n’avez aucun abonnement actif : les modifications sont bloquées. Contactez ${world.admin.email} pour souscrire un abonnement.`,
    );
    const future = await tenant({ dateDebut: dayFromToday(2), dateFin: dayFromToday(30) });
    expect(
      expectProblem(
        await client.post(sale(future.shop.id), undefined, future.ownerToken),
        402,
        'SUBSCRIPTION_REQUIRED',
      ).detail,
    ).toContain(`Votre abonnement commence le ${french(dayFromToday(2))}`);
    const suspended = await tenant({
      dateDebut: dayFromToday(-2),
      dateFin: dayFromToday(30),
      suspendu: true,
    });
    expect(
      expectProblem(
        await client.post(sale(suspended.shop.id), undefined, suspended.managerToken),
        402,
        'SUBSCRIPTION_REQUIRED',
      ).detail,
    ).toBe(
      `L'abonnement de cette boutique est suspendu : les modifications sont bloquées. Contactez ${world.admin.email}.`,
    );
    // The last day is still covered.
    const lastDay = await tenant({ dateDebut: dayFromToday(-364), dateFin: dayFromToday(0) });
    expect((await client.post(sale(lastDay.shop.id), undefined, lastDay.managerToken)).status).toBe(
      200,
    );
  });

  it('un gérant de deux propriétaires : sur une boutique, l’abonnement de son propriétaire ; hors boutique, l’un des deux suffit', async () => {
    const expired = await tenant({ dateDebut: dayFromToday(-400), dateFin: dayFromToday(-1) });
    await addMember(server.ctx, world.shopA.id, expired.manager.id);
    expect(
      (
        await client.post(
          `/api/test/services/${world.shopA.id}/vente`,
          undefined,
          expired.managerToken,
        )
      ).status,
    ).toBe(200);
    expectProblem(
      await client.post(
        `/api/test/services/${expired.shop.id}/vente`,
        undefined,
        expired.managerToken,
      ),
      402,
      'SUBSCRIPTION_REQUIRED',
    );
    expect((await client.delete('/api/test/brouillon', expired.managerToken)).status).toBe(200);
  });

  it('isolement et rôle d’abord : la boutique d’un autre reste 404, un rôle refusé reste 403', async () => {
    const t = await tenant();
    expectProblem(
      await client.post(`/api/test/services/${world.shopB.id}/vente`, undefined, t.managerToken),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(
        '/api/unites',
        { nom: 'x', symbole: 'x', fractionnable: false },
        t.ownerToken,
      ),
      403,
      'FORBIDDEN',
    );
  });

  it('l’administrateur n’est jamais limité, même propriétaire sans abonnement', async () => {
    const { ctx } = server;
    const adminOwner = await createUser(ctx, { roles: ['ROLE_ADMIN', 'ROLE_PROPRIETAIRE'] });
    const t = { token: (await login(client, adminOwner.email)).token };
    expect((await client.delete('/api/test/brouillon', t)).status).toBe(200);
    expect(
      (await client.post('/api/services', { nom: 'Boutique de l’admin', devise: 'XOF' }, t)).status,
    ).toBe(201);
    expect(
      (await client.post(`/api/test/services/${world.shopB.id}/vente`, undefined, t)).status,
    ).toBe(200);
  });
});
