import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`import de produits (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'ownerA' | 'managerA', { token: string }>;
  const url = (path = '') => `/api/services/${world.shopA.id}/produits${path}`;
  const count = async () => (await client.get(url(), token.ownerA)).body.total as number;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['ownerA', 'managerA'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
  });
  afterAll(() => server.close());

  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      nom: `Article importé ${i}`,
      reference: `IMP-${i}`,
      categorie: i % 2 ? 'Boissons' : 'Épicerie',
      marque: i % 3 ? null : 'Maison',
      unite: i % 5 ? 'pce' : 'kilogramme',
      prixAchat: 100 + i,
      prixVente: 150 + i,
      stockInitial: i % 5 ? 2000 : 1500,
      seuilAlerte: 1000,
    }));

  it('500 lignes dont deux fautives : rien n’est importé, les deux lignes sont nommées ; corrigées, tout entre', async () => {
    const lignes: any[] = rows(500);
    lignes[41] = { ...lignes[41], codeBarres: '3017620422004' };
    lignes[300] = { ...lignes[300], unite: 'pce', stockInitial: 2500 };
    const refused = expectValidation(
      await client.post(url('/import'), { lignes }, token.ownerA),
      'lignes.41.codeBarres',
      'lignes.300.stockInitial',
    );
    expect(refused.detail).toBe("2 lignes comportent des erreurs : rien n'a été importé.");
    expect(refused.errors!.find((e) => e.field === 'lignes.41.codeBarres')!.message).toBe(
      'Ligne 42 : La clé de contrôle du code EAN-13 est fausse (attendue : 3).',
    );
    expect(refused.errors!.find((e) => e.field === 'lignes.300.stockInitial')!.message).toBe(
      "Ligne 301 : l'unité « pièce » ne se fractionne pas : le stock initial doit être un nombre entier.",
    );
    expect(await count()).toBe(0);

    lignes[41] = { ...lignes[41], codeBarres: '3017620422003' };
    lignes[300] = { ...lignes[300], stockInitial: 3000 };
    const preview = await client.post(url('/import'), { lignes, dryRun: true }, token.ownerA);
    expect(preview.body).toEqual({
      lignes: 500,
      importes: 0,
      categoriesCreees: ['Épicerie', 'Boissons'],
      marquesCreees: ['Maison'],
    });
    expect(await count()).toBe(0);

    const done = await client.post(url('/import'), { lignes }, token.ownerA);
    expect(done.status).toBe(200);
    expect(done.body.importes).toBe(500);
    expect(await count()).toBe(500);
    const one = (await client.get(`${url()}?q=IMP-41`, token.ownerA)).body.items.find(
      (p: any) => p.reference === 'IMP-41',
    );
    expect(one).toMatchObject({
      codeBarres: '3017620422003',
      categorie: { nom: 'Boissons' },
      quantite: 2000,
    });
    const kg = (await client.get(`${url()}?q=IMP-40`, token.ownerA)).body.items.find(
      (p: any) => p.reference === 'IMP-40',
    );
    expect(kg).toMatchObject({ unite: { symbole: 'kg' }, quantite: 1500, marque: null });
    const { rows: broken } = await sql<{
      id: number;
    }>`select p.id from produits p where p.quantite <> (select coalesce(sum(m.quantite), 0) from mouvements_stock m where m.produit_id = p.id)`.execute(
      server.ctx.database.db,
    );
    expect(broken).toEqual([]);
    expect(
      (await client.get(url(`/${one.id}/mouvements`), token.ownerA)).body.items[0],
    ).toMatchObject({ type: 'initial', quantite: 2000 });
    // Categories were created once each, with their product counts.
    const cats = (
      await client.get(`/api/services/${world.shopA.id}/categories?sort=nom,asc`, token.ownerA)
    ).body.items;
    expect(cats.map((c: any) => [c.nom, c.nbProduits])).toEqual([
      ['Boissons', 250],
      ['Épicerie', 250],
    ]);
  });

  it('références et codes-barres en double, dans le fichier ou déjà en boutique ; unité inconnue ; marque à créer par le gérant', async () => {
    const lignes = [
      { nom: 'A', reference: 'IMP-1', unite: 'pce', prixVente: 1 },
      { nom: 'B', reference: 'NEUF-1', codeBarres: '96385074', unite: 'pce', prixVente: 1 },
      {
        nom: 'C',
        reference: 'NEUF-1',
        codeBarres: '96385074',
        unite: 'boisseau',
        prixVente: 1,
        marque: 'Inconnue',
      },
      { nom: '', unite: 'pce', prixVente: -1 },
    ];
    const body = expectProblem(
      await client.post(url('/import'), { lignes }, token.managerA),
      400,
      'VALIDATION',
    );
    expect(body.detail).toBe("3 lignes comportent des erreurs : rien n'a été importé.");
    const messages = Object.fromEntries(body.errors!.map((e) => [e.field, e.message]));
    expect(messages['lignes.0.reference']).toBe(
      'Ligne 1 : la référence IMP-1 est déjà utilisée par « Article importé 1 ».',
    );
    expect(messages['lignes.2.reference']).toBe(
      'Ligne 3 : la référence NEUF-1 est déjà utilisée par la ligne 2.',
    );
    expect(messages['lignes.2.codeBarres']).toBe(
      'Ligne 3 : le code-barres 96385074 est déjà utilisé par la ligne 2.',
    );
    expect(messages['lignes.2.unite']).toBe("Ligne 3 : l'unité « boisseau » n'existe pas.");
    expect(messages['lignes.2.marque']).toBe(
      "Ligne 3 : la marque « Inconnue » n'existe pas ; seul le propriétaire peut en créer.",
    );
    expect(messages['lignes.3.nom']).toBe('Ligne 4 : Le nom du produit est obligatoire.');
    expect(messages['lignes.3.prixVente']).toBe(
      'Ligne 4 : Le prix de vente ne peut pas être négatif.',
    );
    expect(await count()).toBe(500);
    expectValidation(await client.post(url('/import'), { lignes: [] }, token.ownerA), 'lignes');
  });

  it('un code-barres vide reçoit un EAN-13 interne', async () => {
    const done = await client.post(
      url('/import'),
      { lignes: [{ nom: 'Sans code', unite: 'pce', prixVente: 10 }] },
      token.managerA,
    );
    expect(done.body.importes).toBe(1);
    const p = (await client.get(`${url()}?q=sans%20code`, token.managerA)).body.items[0];
    expect(p.codeBarres).toMatch(/^2\d{12}$/);
  });

  it('avec Accept: application/x-ndjson, la progression (contrôle puis écriture) puis le résultat, ou le problème', async () => {
    const stream = async (lignes: unknown[]) => {
      const answer = await client.post(
        url('/import'),
        { lignes },
        {
          ...token.ownerA,
          headers: { accept: 'application/x-ndjson' },
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      // Behind nginx (deploy/nginx/comptoir.conf) the lines would otherwise wait for the end.
      expect(answer.headers.get('x-accel-buffering')).toBe('no');
      return (answer.body as string)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    };
    const lignes = Array.from({ length: 2500 }, (_, i) => ({
      nom: `Flux ${i}`,
      reference: `FLUX-${i}`,
      unite: 'pce',
      prixVente: 100,
      stockInitial: 1000,
    }));
    const before = await count();
    const bad = lignes.map((l, i) => (i === 2100 ? { ...l, unite: 'boisseau' } : l));
    expect(await stream(bad)).toEqual([
      { etape: 'controle', faites: 1000, total: 2500 },
      { etape: 'controle', faites: 2000, total: 2500 },
      { etape: 'controle', faites: 2500, total: 2500 },
      {
        erreur: expect.objectContaining({
          status: 400,
          code: 'VALIDATION',
          detail: "1 ligne comporte des erreurs : rien n'a été importé.",
          errors: [
            {
              field: 'lignes.2100.unite',
              message: "Ligne 2101 : l'unité « boisseau » n'existe pas.",
            },
          ],
        }),
      },
    ]);
    expect(await count()).toBe(before);
    expect(await stream(lignes)).toEqual([
      { etape: 'controle', faites: 1000, total: 2500 },
      { etape: 'controle', faites: 2000, total: 2500 },
      { etape: 'controle', faites: 2500, total: 2500 },
      { etape: 'ecriture', faites: 1000, total: 2500 },
      { etape: 'ecriture', faites: 2000, total: 2500 },
      { etape: 'ecriture', faites: 2500, total: 2500 },
      { resultat: { lignes: 2500, importes: 2500, categoriesCreees: [], marquesCreees: [] } },
    ]);
    expect(await count()).toBe(before + 2500);
  });

  it('un code-barres de chiffres sans ses zéros de tête (Excel) est refusé quand il est celui d’un produit ou d’une ligne', async () => {
    const one = { unite: 'pce', prixVente: 1 };
    const held = await client.post(
      url('/import'),
      { lignes: [{ ...one, nom: 'Lait', reference: 'GTIN-1', codeBarres: '0012345678905' }] },
      token.ownerA,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const before = await count();
    const body = expectValidation(
      await client.post(
        url('/import'),
        {
          lignes: [
            { ...one, nom: 'Lait bis', reference: 'GTIN-2', codeBarres: '12345678905' },
            { ...one, nom: 'Zéro', reference: 'GTIN-3', codeBarres: '0000000000000' },
            { ...one, nom: 'Zéro bis', reference: 'GTIN-4', codeBarres: '0' },
            { ...one, nom: 'Autre', reference: 'GTIN-5', codeBarres: '2345678905' },
          ],
        },
        token.ownerA,
      ),
      'lignes.0.codeBarres',
      'lignes.2.codeBarres',
    );
    expect(body.errors!.map((e) => e.message)).toEqual([
      "Ligne 1 : le code-barres 12345678905 est celui de « Lait » (0012345678905) sans ses zéros de tête, qu'un tableur efface d'un nombre : écrivez-le en entier.",
      "Ligne 3 : le code-barres 0 est celui de la ligne 2 (0000000000000) sans ses zéros de tête, qu'un tableur efface d'un nombre : écrivez-le en entier.",
    ]);
    expect(await count()).toBe(before);
  });
});
