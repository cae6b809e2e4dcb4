import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Well-formed but extreme sales, returns and repayments (the largest prices and quantities the
 * schemas accept, discounts of 100 %, payments at the limits, unknown ids): the server answers a
 * French 4xx or records a consistent document, never a 500.
 */
describe(`ventes aux limites (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let produits: number[];
  let clientId: number;

  beforeAll(async () => {
    server = await startTestServer();
    w = await sellingWorld(server.ctx, server.client());
    produits = [
      (await w.produit({ prix: 10_000_000_000_000, stock: 1_000_000_000_000 })).id,
      (await w.produit({ prix: 1, stock: 1_000_000_000_000, tauxTva: 10_000 })).id,
      (await w.produit({ prix: 999_999, stock: 0 })).id,
    ];
    clientId = (await w.clientNamed('Client des limites', { plafondCredit: 10_000_000_000_000 }))
      .id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const amount = fc.oneof(
    fc.constantFrom(0, 1, 10_000_000_000_000, 9_007_199_254_740_991),
    fc.integer({ min: 0, max: 10_000_000_000_000 }),
  );
  const remise = fc.option(
    fc.oneof(
      fc.record({ type: fc.constant('montant'), valeur: amount }),
      fc.record({ type: fc.constant('pourcent'), valeur: fc.integer({ min: 0, max: 10_000 }) }),
    ),
  );

  it('un montant au-delà de ce que les entiers exacts permettent est refusé en français', async () => {
    const answer = await server.client().post(
      `${w.shopUrl()}/ventes`,
      {
        cleIdempotence: newKey(),
        typeVenteId: w.typeVente.id,
        lignes: [{ produitId: produits[0], quantite: 1_000_000_000 }],
        paiements: [],
        clientId,
        echeance: '2999-12-31',
      },
      w.tokens.ownerA,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  });

  it('aucun panier extrême ne provoque de 500', async () => {
    const seen: Record<number, number> = {};
    const client = server.client();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            produitId: fc.oneof(
              { weight: 8, arbitrary: fc.constantFrom(...produits.slice(0, 2)) },
              { weight: 1, arbitrary: fc.constantFrom(produits[2]!) },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) },
            ),
            quantite: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(1000, 2000) },
              { weight: 1, arbitrary: fc.constantFrom(1, 1_000_000_000) },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000_000_000 }) },
            ),
            remise,
          }),
          { minLength: 1, maxLength: 6 },
        ),
        remise,
        fc.array(
          fc.record({
            mode: fc.constantFrom('especes', 'carte', 'mobile_money'),
            montant: fc.oneof(
              { weight: 4, arbitrary: fc.integer({ min: 1, max: 1000 }) },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000_000_000_000 }) },
            ),
            operateur: fc.constant('Wave'),
          }),
          { maxLength: 3 },
        ),
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(true) },
          { weight: 1, arbitrary: fc.constant(false) },
        ),
        async (lignes, remiseGlobale, paiements, avecClient) => {
          const answer = await client.post(
            `${w.shopUrl()}/ventes`,
            {
              cleIdempotence: newKey(),
              typeVenteId: w.typeVente.id,
              lignes,
              remiseGlobale,
              paiements,
              clientId: avecClient ? clientId : null,
              echeance: avecClient ? '2999-12-31' : null,
            },
            w.tokens.ownerA,
          );
          seen[answer.status] = (seen[answer.status] ?? 0) + 1;
          expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBeLessThan(500);
          if (answer.status === 201) {
            const v = answer.body;
            expect(v.totalHt + v.totalTva).toBe(v.totalTtc);
            expect(Number.isSafeInteger(v.totalTtc)).toBe(true);
          } else {
            expect(answer.body.detail).toMatch(/[a-zé]/);
          }
        },
      ),
      { numRuns: TEST_DIALECT === 'postgres' ? 40 : 80 },
    );
    // The generator reaches both recorded sales and refusals.
    expect(seen[201] ?? 0, JSON.stringify(seen)).toBeGreaterThan(0);
  }, 120_000);
});
