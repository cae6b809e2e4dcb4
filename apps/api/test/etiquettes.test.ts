import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { barcodePng, drawLabels } from '../src/modules/etiquettes/etiquettes.service.js';
import { TEST_DIALECT } from './support/database.js';
import { loopTurns } from './support/event-loop.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** Page objects of a PDF (`/Type /Page`, not the `/Type /Pages` tree). */
const pageCount = (pdf: string) => pdf.match(/\/Type \/Page(?!s)/g)?.length ?? 0;

describe(`étiquettes code-barres (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'admin' | 'ownerA' | 'managerA' | 'ownerB', { token: string }>;
  const produit = {} as Record<'ean13' | 'ean8' | 'code128' | 'b', number>;
  const url = (serviceId = world.shopA.id) => `/api/services/${serviceId}/produits/etiquettes`;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'managerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
    const { db } = server.ctx.database;
    const uniteId = (
      await db
        .selectFrom('unites')
        .select('id')
        .where('nom', '=', 'pièce')
        .executeTakeFirstOrThrow()
    ).id;
    const create = async (
      serviceId: number,
      who: keyof typeof token,
      nom: string,
      codeBarres: string,
    ) => {
      const answer = await client.post(
        `/api/services/${serviceId}/produits`,
        { nom, uniteId, prixVente: 1_250_000, codeBarres },
        token[who],
      );
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    };
    produit.ean13 = await create(world.shopA.id, 'ownerA', 'Nutella 400 g', '3017620422003');
    produit.ean8 = await create(
      world.shopA.id,
      'ownerA',
      'Chewing-gum à la menthe extra-forte, paquet familial de trente-six dragées',
      '96385074',
    );
    produit.code128 = await create(world.shopA.id, 'ownerA', 'Sac de riz parfumé', 'RIZ-25/kg');
    produit.b = await create(world.shopB.id, 'ownerB', 'Produit de la boutique B', '');
  });
  afterAll(() => server.close());

  it('répond un PDF, une page par planche de 24 étiquettes (3 × 8), au gérant comme au propriétaire', async () => {
    const lignes = [
      { produitId: produit.ean13, quantite: 20 },
      { produitId: produit.ean8, quantite: 5 },
      { produitId: produit.code128, quantite: 24 },
    ];
    for (const who of ['managerA', 'ownerA'] as const) {
      const answer = await client.post<string>(url(), { lignes }, token[who]);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/pdf/);
      expect(answer.headers.get('content-disposition')).toContain('etiquettes.pdf');
      expect(answer.body.startsWith('%PDF')).toBe(true);
      expect(pageCount(answer.body)).toBe(Math.ceil(49 / 24));
    }
    const one = await client.post<string>(
      url(),
      { lignes: [{ produitId: produit.ean13, quantite: 1 }], format: '3x8' },
      token.managerA,
    );
    expect(pageCount(one.body)).toBe(1);
    const full = await client.post<string>(
      url(),
      {
        lignes: [
          { produitId: produit.ean13, quantite: 500 },
          { produitId: produit.code128, quantite: 500 },
        ],
      },
      token.managerA,
    );
    expect(pageCount(full.body)).toBe(Math.ceil(1000 / 24));
  });

  it('l’image du code-barres d’un produit est enregistrée une fois dans le PDF, pas une fois par étiquette', async () => {
    const images = async (ean13: number, ean8: number) => {
      const lignes = [
        { produitId: produit.ean13, quantite: ean13 },
        { produitId: produit.ean8, quantite: ean8 },
      ];
      const answer = await client.post<string>(url(), { lignes }, token.managerA);
      expect(answer.status).toBe(200);
      return answer.body.match(/\/Subtype \/Image/g)?.length ?? 0;
    };
    const once = await images(1, 1);
    expect(once).toBeGreaterThan(0);
    expect(await images(300, 200)).toBe(once);
  });

  it('rend la main entre deux planches : les autres appels du serveur passent pendant un long tirage', async () => {
    const png = await barcodePng('3017620422003');
    expect(png).not.toBeNull();
    const sheets = 6;
    const labels = Array.from({ length: 24 * sheets }, () => ({
      nom: 'Nutella 400 g',
      prix: '12 500 FCFA',
      codeBarres: '3017620422003',
      image: png,
    }));
    // Each new sheet notes the loop's turns: sheets drawn in one stretch would see the same count.
    const loop = loopTurns();
    const seen: number[] = [];
    const addPage = PDFDocument.prototype.addPage;
    const spy = vi.spyOn(PDFDocument.prototype, 'addPage').mockImplementation(function (
      this: PDFKit.PDFDocument,
      ...args
    ) {
      seen.push(loop.turns);
      return addPage.apply(this, args);
    });
    try {
      const pdf = await drawLabels(labels, '3x8');
      expect(pageCount(pdf.toString('latin1'))).toBe(sheets);
    } finally {
      loop.stop();
      spy.mockRestore();
    }
    expect(seen).toHaveLength(sheets);
    for (let i = 1; i < sheets; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });

  it('produit d’une autre boutique ou inconnu : 404', async () => {
    expectProblem(
      await client.post(
        url(),
        {
          lignes: [
            { produitId: produit.ean13, quantite: 1 },
            { produitId: produit.b, quantite: 1 },
          ],
        },
        token.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(url(), { lignes: [{ produitId: 987_654, quantite: 1 }] }, token.managerA),
      404,
      'NOT_FOUND',
    );
    // Shop B's owner cannot print shop A's products from shop B either.
    expectProblem(
      await client.post(
        url(world.shopB.id),
        { lignes: [{ produitId: produit.ean13, quantite: 1 }] },
        token.ownerB,
      ),
      404,
      'NOT_FOUND',
    );
  });

  it('demande invalide : 400 en français', async () => {
    expect(
      messageOf(
        expectValidation(await client.post(url(), { lignes: [] }, token.ownerA), 'lignes'),
        'lignes',
      ),
    ).toBe('Choisissez au moins un produit à étiqueter.');
    expectValidation(await client.post(url(), {}, token.ownerA), 'lignes');
    expectValidation(
      await client.post(
        url(),
        { lignes: [{ produitId: produit.ean13, quantite: 0 }] },
        token.ownerA,
      ),
      'lignes.0.quantite',
    );
    expectValidation(
      await client.post(
        url(),
        { lignes: [{ produitId: produit.ean13, quantite: 501 }] },
        token.ownerA,
      ),
      'lignes.0.quantite',
    );
    expectValidation(
      await client.post(
        url(),
        { lignes: [{ produitId: produit.ean13, quantite: 1.5 }] },
        token.ownerA,
      ),
      'lignes.0.quantite',
    );
    expectValidation(
      await client.post(url(), { lignes: [{ produitId: 'x', quantite: 1 }] }, token.ownerA),
      'lignes.0.produitId',
    );
    expectValidation(
      await client.post(
        url(),
        { lignes: [{ produitId: produit.ean13, quantite: 1 }], format: 'A5' },
        token.ownerA,
      ),
      'format',
    );
    const many = Array.from({ length: 5 }, () => ({ produitId: produit.ean13, quantite: 500 }));
    expect(
      messageOf(
        expectValidation(await client.post(url(), { lignes: many }, token.ownerA), 'lignes'),
        'lignes',
      ),
    ).toBe('Pas plus de 2000 étiquettes à la fois.');
  });
});
