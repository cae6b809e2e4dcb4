import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { Answer } from './support/http.js';
import { expectFrench } from './support/problem.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Well-formed but extreme sales, returns and repayments (the largest prices and quantities the
 * schemas accept, discounts of 100 %, payments at the limits, unknown ids): the server answers a
 * French problem+json 4xx or records a consistent document, never a 500; after each request the
 * ledgers still add up (a product's stock is the sum of its movements; what a debt has been paid,
 * what a repayment has spent, are the sums of their allocations).
 */
describe(`ventes aux limites (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let produits: number[];
  let clientId: number;
  const db = () => server.ctx.database.db;

  /** A 4xx is an RFC 9457 problem in French; never a 5xx. */
  function expectAnswer(answer: Answer, label: string): void {
    const seen = `${label} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`;
    expect(answer.status, seen).toBeLessThan(500);
    if (answer.status < 400) return;
    expect(answer.headers.get('content-type') ?? '', seen).toMatch(/^application\/problem\+json/);
    expect(answer.body.status, seen).toBe(answer.status);
    expectFrench(answer.body.title);
    expectFrench(answer.body.detail);
    for (const e of answer.body.errors ?? []) expectFrench(e.message);
  }

  /** The ledgers add up, in every shop. */
  async function expectInvariants(label: string): Promise<void> {
    const stock = await db().selectFrom('produits').select(['id', 'quantite']).execute();
    const moves = await db()
      .selectFrom('mouvements_stock')
      .select(['produit_id', 'quantite'])
      .execute();
    for (const p of stock)
      expect(
        moves.filter((m) => m.produit_id === p.id).reduce((a, m) => a + Number(m.quantite), 0),
        `${label} : stock du produit ${p.id} ≠ somme de ses mouvements`,
      ).toBe(Number(p.quantite));
    const allocations = await db()
      .selectFrom('reglement_allocations')
      .select(['dette_id', 'reglement_id', 'montant'])
      .execute();
    const sum = (pick: (a: (typeof allocations)[number]) => boolean) =>
      allocations.filter(pick).reduce((a, x) => a + Number(x.montant), 0);
    for (const d of await db().selectFrom('dettes').select(['id', 'paye', 'montant']).execute()) {
      expect(
        sum((a) => a.dette_id === d.id),
        `${label} : dette ${d.id} payée ≠ ses allocations`,
      ).toBe(Number(d.paye));
      expect(Number(d.paye)).toBeLessThanOrEqual(Number(d.montant));
    }
    for (const r of await db()
      .selectFrom('reglements')
      .select(['id', 'montant', 'disponible'])
      .execute())
      expect(
        sum((a) => a.reglement_id === r.id),
        `${label} : règlement ${r.id} dépensé ≠ ses allocations`,
      ).toBe(Number(r.montant) - Number(r.disponible));
  }

  beforeAll(async () => {
    server = await startTestServer();
    w = await sellingWorld(server.ctx, server.client());
    produits = [
      // The stock value stays under AMOUNT_MAX (10^15): 100 units bought at 5 × 10^12.
      (await w.produit({ prix: 10_000_000_000_000, stock: 100_000 })).id,
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

  /** The sales recorded by the first property, for the returns. */
  const ventes: Array<{ id: number; lignes: Array<{ id: number; quantite: number }> }> = [];

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
          expectAnswer(answer, 'vente');
          if (answer.status === 201) {
            const v = answer.body;
            expect(v.totalHt + v.totalTva).toBe(v.totalTtc);
            expect(Number.isSafeInteger(v.totalTtc)).toBe(true);
            ventes.push(v);
          }
          await expectInvariants('vente');
        },
      ),
      { numRuns: TEST_DIALECT === 'postgres' ? 40 : 80, seed: 20_261_124 },
    );
    // The generator reaches both recorded sales and refusals.
    expect(seen[201] ?? 0, JSON.stringify(seen)).toBeGreaterThan(0);
  });

  const runs = TEST_DIALECT === 'postgres' ? 30 : 50;
  const text = (max: number) =>
    fc.option(
      fc.oneof(
        fc.string({ maxLength: max, unit: 'grapheme' }),
        fc.constant('é'.repeat(max)),
        fc.constant('Wave « 77 » ; 😀'),
      ),
    );

  it('retours extrêmes : refus français ou retour cohérent, jamais de 500, registres justes', async () => {
    // Sales of its own, so that the property does not hang on the previous test's draws.
    const acheteur = (await w.clientNamed('Client des retours', { plafondCredit: 10 ** 13 })).id;
    const courant = (await w.produit({ prix: 1500, stock: 1_000_000_000 })).id;
    for (const quantite of [1000, 1_000_000, 1_000_000_000])
      ventes.push(
        await w.vente({
          lignes: [
            { produitId: produits[1]!, quantite },
            { produitId: courant, quantite: 2000 },
          ],
          clientId: acheteur,
          echeance: '2999-12-31',
        }),
      );
    const seen: Record<number, number> = {};
    const client = server.client();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(
          fc.record({
            ligne: fc.oneof(
              { weight: 8, arbitrary: fc.nat() },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }).map((id) => -id) },
            ),
            quantite: fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom('tout', 'plus' as const) },
              { weight: 2, arbitrary: fc.constantFrom(1, 1000, 1_000_000_000) },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000_000_000 }) },
            ),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.constantFrom('remboursement', 'avoir'),
        fc.option(fc.constantFrom('especes', 'mobile_money', 'carte', 'virement', 'cheque')),
        text(255),
        async (pick, picks, mode, modeRemboursement, motif) => {
          const vente = ventes[pick % ventes.length]!;
          const lignes = picks.map(({ ligne, quantite }) => {
            const l =
              ligne < 0
                ? { id: -ligne, quantite: 1000 }
                : vente.lignes[ligne % vente.lignes.length]!;
            return {
              ligneId: l.id,
              quantite:
                quantite === 'tout' ? l.quantite : quantite === 'plus' ? l.quantite + 1 : quantite,
            };
          });
          const answer = await client.post(
            `${w.shopUrl()}/ventes/${vente.id}/retours`,
            { cleIdempotence: newKey(), lignes, mode, modeRemboursement, motif },
            w.tokens.ownerA,
          );
          seen[answer.status] = (seen[answer.status] ?? 0) + 1;
          expectAnswer(answer, `retour ${JSON.stringify(lignes)}`);
          await expectInvariants('retour');
        },
      ),
      { numRuns: runs, seed: 20_261_125 },
    );
    // The generator reaches both recorded returns and refusals.
    expect(seen[201] ?? 0, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(
      Object.keys(seen).filter((s) => Number(s) >= 400).length,
      JSON.stringify(seen),
    ).toBeGreaterThan(0);
  });

  it('règlements extrêmes : refus français ou règlement cohérent, jamais de 500, registres justes', async () => {
    for (const quantite of [4000, 7000])
      await w.vente({
        lignes: [{ produitId: produits[1]!, quantite }],
        clientId,
        echeance: '2999-12-31',
      });
    const autre = (await w.clientNamed('Client sans dette')).id;
    const dettes = (await db().selectFrom('dettes').select('id').execute()).map((d) => d.id);
    const owed = async () =>
      (
        await db()
          .selectFrom('dettes')
          .select(['montant', 'paye'])
          .where('client_id', '=', clientId)
          .execute()
      ).reduce((a, d) => a + Number(d.montant) - Number(d.paye), 0);
    const seen: Record<number, number> = {};
    const client = server.client();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 8, arbitrary: fc.constant(clientId) },
          { weight: 1, arbitrary: fc.constant(autre) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) },
        ),
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('reste', 'reste+1' as const) },
          { weight: 2, arbitrary: fc.constantFrom(1, 10_000_000_000_000) },
          { weight: 2, arbitrary: fc.integer({ min: 1, max: 10_000_000_000_000 }) },
        ),
        fc.constantFrom('especes', 'mobile_money', 'carte', 'virement', 'cheque'),
        text(40),
        text(80),
        fc.option(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...dettes) },
            { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) },
          ),
        ),
        async (client_, montant, mode, operateur, reference, detteId) => {
          const reste = await owed();
          const value = montant === 'reste' ? reste : montant === 'reste+1' ? reste + 1 : montant;
          const body = {
            cleIdempotence: newKey(),
            montant: value,
            mode,
            operateur,
            reference,
            detteId,
          };
          const answer = await client.post(
            `${w.shopUrl()}/clients/${client_}/reglements`,
            body,
            w.tokens.ownerA,
          );
          seen[answer.status] = (seen[answer.status] ?? 0) + 1;
          expectAnswer(answer, `règlement ${JSON.stringify(body)}`);
          await expectInvariants('règlement');
        },
      ),
      { numRuns: runs, seed: 20_261_126 },
    );
    expect(seen[201] ?? 0, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(
      Object.keys(seen).filter((s) => Number(s) >= 400).length,
      JSON.stringify(seen),
    ).toBeGreaterThan(0);
  });
});
