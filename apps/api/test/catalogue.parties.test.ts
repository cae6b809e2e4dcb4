import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`clients et fournisseurs (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'admin' | 'ownerA' | 'managerA' | 'ownerB', { token: string }>;
  const clients = (shop = world.shopA.id) => `/api/services/${shop}/clients`;
  const fournisseurs = (shop = world.shopA.id) => `/api/services/${shop}/fournisseurs`;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    // Shop A is in Senegal: numbers typed without country code are Senegalese.
    await server.ctx.database.db
      .updateTable('services')
      .set({ pays: 'SN' })
      .where('id', '=', world.shopA.id)
      .execute();
    for (const name of ['admin', 'ownerA', 'managerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
  });
  afterAll(() => server.close());

  it('le gérant crée un client ; le téléphone est normalisé en E.164 avec le pays de la boutique', async () => {
    const created = await client.post(
      clients(),
      {
        nom: 'Awa Diop',
        telephone: '77 123 45 67',
        email: ' Awa.Diop@Exemple.SN ',
        adresse: 'Dakar',
        notes: 'Paie le vendredi',
        plafondCredit: 50000,
      },
      token.managerA,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      nom: 'Awa Diop',
      telephone: '+221771234567',
      email: 'awa.diop@exemple.sn',
      plafondCredit: 50000,
      actif: true,
    });
    expect(created.body).not.toHaveProperty('solde');
    expect((await client.get(`${clients()}/${created.body.id}`, token.ownerA)).body).toEqual(
      created.body,
    );
    const foreign = await client.post(
      clients(),
      { nom: 'Jean Martin', telephone: '+33 6 12 34 56 78' },
      token.managerA,
    );
    expect(foreign.body.telephone).toBe('+33612345678');
    const bad = expectValidation(
      await client.post(clients(), { nom: 'X', telephone: '12' }, token.managerA),
      'telephone',
    );
    expect(messageOf(bad, 'telephone')).toContain("Le numéro de téléphone n'est pas valide");
    expect(
      messageOf(
        expectValidation(
          await client.post(clients(), { nom: 'X', email: 'pas-un-mail' }, token.managerA),
          'email',
        ),
        'email',
      ),
    ).toBe("L'adresse e-mail n'est pas valide.");
  });

  it('doublon par téléphone ou e-mail : 409 nommant la fiche existante, sauf confirmation', async () => {
    const dup = await client.post(
      clients(),
      { nom: 'Awa D.', telephone: '+221 77 123 45 67', email: 'awa.diop@exemple.sn' },
      token.managerA,
    );
    const body = expectProblem(dup, 409, 'CONFLICT');
    const awa = (await client.get(`${clients()}?q=awa`, token.managerA)).body.items[0];
    expect(body.errors).toEqual([
      {
        field: 'telephone',
        message: `Ce numéro est déjà celui du client « Awa Diop » (n° ${awa.id}).`,
      },
      {
        field: 'email',
        message: `Cette adresse e-mail est déjà celle du client « Awa Diop » (n° ${awa.id}).`,
      },
    ]);
    const confirmed = await client.post(
      clients(),
      { nom: 'Awa D.', telephone: '771234567', confirmerDoublon: true },
      token.managerA,
    );
    expect(confirmed.status).toBe(201);
    // Editing a record keeps its own phone without warning.
    expect(
      (
        await client.put(
          `${clients()}/${awa.id}`,
          { nom: 'Awa Diop', telephone: '771234567', plafondCredit: null },
          token.managerA,
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await client.put(
          `${clients()}/${awa.id}`,
          {
            nom: 'Awa Diop',
            telephone: '771234567',
            email: 'awa.diop@exemple.sn',
            confirmerDoublon: true,
          },
          token.managerA,
        )
      ).body.plafondCredit,
    ).toBeNull();
    // Another shop may hold the same number.
    expect(
      (
        await client.post(
          clients(world.shopB.id),
          { nom: 'Awa', telephone: '+221771234567' },
          token.ownerB,
        )
      ).status,
    ).toBe(201);
  });

  it('recherche sans accents, par téléphone ou e-mail ; tri ; filtre actif ; suppression', async () => {
    await client.post(
      clients(),
      { nom: 'Émile Sène', telephone: '76 555 44 33', actif: false },
      token.ownerA,
    );
    const names = async (q: string) =>
      (await client.get(`${clients()}?q=${encodeURIComponent(q)}`, token.managerA)).body.items.map(
        (c: any) => c.nom,
      );
    expect(await names('emile')).toEqual(['Émile Sène']);
    expect(await names('555 44')).toEqual(['Émile Sène']);
    expect(await names('EXEMPLE.SN')).toEqual(['Awa Diop']);
    expect(
      (await client.get(`${clients()}?actif=false`, token.managerA)).body.items.map(
        (c: any) => c.nom,
      ),
    ).toEqual(['Émile Sène']);
    const sorted = (await client.get(`${clients()}?sort=nom,desc`, token.managerA)).body.items.map(
      (c: any) => c.nom,
    );
    expect(sorted[0]).toBe('Jean Martin');
    const { body: temp } = await client.post(clients(), { nom: 'Passage' }, token.managerA);
    expect((await client.delete(`${clients()}/${temp.id}`, token.managerA)).status).toBe(204);
    expectProblem(await client.get(`${clients()}/${temp.id}`, token.managerA), 404, 'NOT_FOUND');
  });

  it('isolation : le client d’une autre boutique est introuvable', async () => {
    const { body: b } = await client.post(
      clients(world.shopB.id),
      { nom: 'Client de B' },
      token.ownerB,
    );
    expectProblem(await client.get(`${clients()}/${b.id}`, token.ownerA), 404, 'NOT_FOUND');
    expectProblem(
      await client.put(`${clients()}/${b.id}`, { nom: 'Volé' }, token.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(await client.delete(`${clients()}/${b.id}`, token.managerA), 404, 'NOT_FOUND');
  });

  it('fournisseurs : propriétaire seul ; contact, téléphone normalisé, doublons signalés', async () => {
    expectProblem(await client.get(fournisseurs(), token.managerA), 403, 'FORBIDDEN');
    expectProblem(
      await client.post(fournisseurs(), { nom: 'X' }, token.managerA),
      403,
      'FORBIDDEN',
    );
    const created = await client.post(
      fournisseurs(),
      {
        nom: 'Sénégal Distribution',
        contact: 'Moussa Sow',
        telephone: '33 820 00 00',
        email: 'ventes@sendis.sn',
      },
      token.ownerA,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      nom: 'Sénégal Distribution',
      contact: 'Moussa Sow',
      telephone: '+221338200000',
      email: 'ventes@sendis.sn',
      actif: true,
    });
    const dup = expectProblem(
      await client.post(fournisseurs(), { nom: 'SenDis', email: 'VENTES@sendis.sn' }, token.ownerA),
      409,
      'CONFLICT',
    );
    expect(messageOf(dup, 'email')).toBe(
      `Cette adresse e-mail est déjà celle du fournisseur « Sénégal Distribution » (n° ${created.body.id}).`,
    );
    expect(
      (await client.get(`${fournisseurs()}?q=senegal`, token.ownerA)).body.items.map(
        (f: any) => f.id,
      ),
    ).toEqual([created.body.id]);
    const put = await client.put(
      `${fournisseurs()}/${created.body.id}`,
      {
        nom: 'Sénégal Distribution SA',
        contact: null,
        telephone: '+221338200000',
        email: 'ventes@sendis.sn',
      },
      token.ownerA,
    );
    expect(put.body).toMatchObject({ nom: 'Sénégal Distribution SA', contact: null });
    const { body: b } = await client.post(
      fournisseurs(world.shopB.id),
      { nom: 'Fournisseur de B' },
      token.ownerB,
    );
    expectProblem(await client.get(`${fournisseurs()}/${b.id}`, token.ownerA), 404, 'NOT_FOUND');
    expect((await client.delete(`${fournisseurs()}/${created.body.id}`, token.ownerA)).status).toBe(
      204,
    );
  });

  it('client professionnel : SIREN, SIRET, TVA intracommunautaire normalisés, adresse de livraison ; identifiants invalides : 400, rien écrit', async () => {
    const body = {
      nom: 'Atelier Durand SARL',
      adresse: '12 rue des Lilas\n75011 Paris',
      professionnel: true,
      siren: '732 829 320',
      siret: '73282932000074',
      tvaIntracom: 'fr 44 732829320',
      adresseLivraison: 'Entrepôt, 3 quai de Seine, 93400 Saint-Ouen',
    };
    const created = await client.post(clients(), body, token.ownerA);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      professionnel: true,
      siren: '732829320',
      siret: '73282932000074',
      tvaIntracom: 'FR44732829320',
      adresseLivraison: 'Entrepôt, 3 quai de Seine, 93400 Saint-Ouen',
    });
    const before = (await client.get(clients(), token.ownerA)).body.total;
    const bad = await client.post(
      clients(),
      { ...body, nom: 'Autre', siren: '12345', siret: '11111111111111', tvaIntracom: '44' },
      token.ownerA,
    );
    const problem = expectValidation(bad, 'siren', 'tvaIntracom');
    expect(messageOf(problem, 'siren')).toBe('Le SIREN compte 9 chiffres.');
    const mismatch = expectValidation(
      await client.post(
        clients(),
        { ...body, nom: 'Autre', siret: '11111111111111' },
        token.ownerA,
      ),
      'siret',
    );
    expect(messageOf(mismatch, 'siret')).toBe('Le SIRET doit commencer par le SIREN du client.');
    expect((await client.get(clients(), token.ownerA)).body.total).toBe(before);
  });
});
