import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import {
  addMember,
  createService,
  createTenants,
  createUser,
  login,
  subscribe,
} from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`catégories et marques (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'admin' | 'ownerA' | 'managerA' | 'ownerB', { token: string }>;
  let uniteId: number;
  const cat = () => `/api/services/${world.shopA.id}/categories`;
  const mar = () => `/api/services/${world.shopA.id}/marques`;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'managerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
    uniteId = (
      await server.ctx.database.db
        .selectFrom('unites')
        .select('id')
        .where('nom', '=', 'pièce')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it('le gérant crée, liste et renomme une catégorie ; le nom est unique sans tenir compte de la casse', async () => {
    const boissons = await client.post(cat(), { nom: '  Boissons ' }, token.managerA);
    expect(boissons.status).toBe(201);
    expect(boissons.body).toMatchObject({ nom: 'Boissons', nbProduits: 0 });
    const dup = expectProblem(
      await client.post(cat(), { nom: 'BOISSONS' }, token.ownerA),
      409,
      'CONFLICT',
    );
    expect(dup.detail).toBe('La catégorie « BOISSONS » existe déjà dans cette boutique.');
    await client.post(cat(), { nom: 'Épicerie' }, token.managerA);
    const list = await client.get(`${cat()}?sort=nom,asc`, token.managerA);
    expect(list.body).toMatchObject({ total: 2, page: 1, size: 8 });
    expect(list.body.items.map((c: any) => c.nom)).toEqual(['Boissons', 'Épicerie']);
    expect((await client.get(`${cat()}?q=bois`, token.managerA)).body.items).toHaveLength(1);
    const renamed = await client.put(
      `${cat()}/${boissons.body.id}`,
      { nom: 'Boissons fraîches' },
      token.managerA,
    );
    expect(renamed.body.nom).toBe('Boissons fraîches');
    expect(
      messageOf(
        expectValidation(await client.post(cat(), { nom: '' }, token.ownerA), 'nom'),
        'nom',
      ),
    ).toBe('Le nom de la catégorie est obligatoire.');
    // The same name in another shop is fine.
    expect(
      (
        await client.post(
          `/api/services/${world.shopB.id}/categories`,
          { nom: 'Boissons fraîches' },
          token.ownerB,
        )
      ).status,
    ).toBe(201);
  });

  it('compte les produits ; une catégorie utilisée ne se supprime pas (409 avec le nombre) ; le gérant ne supprime pas', async () => {
    const { body: c } = await client.post(cat(), { nom: 'Laitages' }, token.ownerA);
    for (let i = 0; i < 12; i++) {
      expect(
        (
          await client.post(
            `/api/services/${world.shopA.id}/produits`,
            { nom: `Yaourt ${i}`, uniteId, prixVente: 500, categorieId: c.id },
            token.managerA,
          )
        ).status,
      ).toBe(201);
    }
    const listed = (await client.get(`${cat()}?sort=nb_produits,desc`, token.managerA)).body
      .items[0];
    expect(listed).toMatchObject({ id: c.id, nbProduits: 12 });
    expect((await client.get(`${cat()}/${c.id}`, token.managerA)).body.nbProduits).toBe(12);
    expectProblem(await client.delete(`${cat()}/${c.id}`, token.managerA), 403, 'FORBIDDEN');
    const refused = expectProblem(
      await client.delete(`${cat()}/${c.id}`, token.ownerA),
      409,
      'CONFLICT',
    );
    expect(refused.detail).toBe('Cette catégorie est utilisée par 12 produits.');
    const { body: vide } = await client.post(cat(), { nom: 'Vide' }, token.ownerA);
    expect((await client.delete(`${cat()}/${vide.id}`, token.ownerA)).status).toBe(204);
    expectProblem(await client.get(`${cat()}/${vide.id}`, token.ownerA), 404, 'NOT_FOUND');
  });

  it('un renommage se voit aussitôt dans la liste des produits', async () => {
    const { body: c } = await client.post(cat(), { nom: 'Conserves' }, token.ownerA);
    const { body: p } = await client.post(
      `/api/services/${world.shopA.id}/produits`,
      { nom: 'Sardines', uniteId, prixVente: 700, categorieId: c.id },
      token.ownerA,
    );
    await client.put(`${cat()}/${c.id}`, { nom: 'Conserves de poisson' }, token.ownerA);
    const list = await client.get(
      `/api/services/${world.shopA.id}/produits?categorieId=${c.id}`,
      token.managerA,
    );
    expect(list.body.items.map((x: any) => [x.id, x.categorie.nom])).toEqual([
      [p.id, 'Conserves de poisson'],
    ]);
  });

  it('isolation : la catégorie d’une autre boutique est introuvable, même avec le bon identifiant', async () => {
    const { body: b } = await client.post(
      `/api/services/${world.shopB.id}/categories`,
      { nom: 'Chez B' },
      token.ownerB,
    );
    expectProblem(await client.get(`${cat()}/${b.id}`, token.ownerA), 404, 'NOT_FOUND');
    expectProblem(
      await client.put(`${cat()}/${b.id}`, { nom: 'Volée' }, token.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(await client.delete(`${cat()}/${b.id}`, token.ownerA), 404, 'NOT_FOUND');
    const p = await client.post(
      `/api/services/${world.shopA.id}/produits`,
      { nom: 'Intrus', uniteId, prixVente: 1, categorieId: b.id },
      token.ownerA,
    );
    expect(messageOf(expectValidation(p, 'categorieId'), 'categorieId')).toBe(
      "Cette catégorie n'existe pas dans la boutique.",
    );
  });

  it('marques : propriétaire seul (gérant 403, admin 403) ; même règles de nom et de suppression', async () => {
    expectProblem(await client.get(mar(), token.managerA), 403, 'FORBIDDEN');
    expectProblem(await client.post(mar(), { nom: 'Nestlé' }, token.managerA), 403, 'FORBIDDEN');
    expectProblem(await client.get(mar(), token.admin), 403, 'FORBIDDEN');
    const { body: m } = await client.post(mar(), { nom: 'Nestlé' }, token.ownerA);
    expect(
      expectProblem(await client.post(mar(), { nom: 'nestlé' }, token.ownerA), 409, 'CONFLICT')
        .detail,
    ).toBe('La marque « nestlé » existe déjà dans cette boutique.');
    await client.post(
      `/api/services/${world.shopA.id}/produits`,
      { nom: 'Nescafé', uniteId, prixVente: 1500, marqueId: m.id },
      token.managerA,
    );
    expect((await client.get(mar(), token.ownerA)).body.items[0]).toMatchObject({
      nom: 'Nestlé',
      nbProduits: 1,
    });
    expect(
      expectProblem(await client.delete(`${mar()}/${m.id}`, token.ownerA), 409, 'CONFLICT').detail,
    ).toBe('Cette marque est utilisée par 1 produit.');
  });

  it('un propriétaire qui est aussi gérant dans la boutique d’un autre y reste gérant (403 sur les marques et les suppressions)', async () => {
    const both = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE', 'ROLE_GERANT'] });
    const own = await createService(server.ctx, both.id);
    await subscribe(server.ctx, both.id);
    await addMember(server.ctx, world.shopA.id, both.id);
    const t = { token: (await login(client, both.email)).token };
    expect((await client.get(cat(), t)).status).toBe(200);
    expectProblem(await client.get(mar(), t), 403, 'FORBIDDEN');
    const { body: c } = await client.post(cat(), { nom: 'Temporaire' }, t);
    expectProblem(await client.delete(`${cat()}/${c.id}`, t), 403, 'FORBIDDEN');
    expect((await client.get(`/api/services/${own.id}/marques`, t)).status).toBe(200);
  });
});
