import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * After any sequence of purchases (some paid at once), returns to suppliers, supplier payments and
 * sales, all through the real API on a fresh shop per run:
 *   every product: quantity = sum of its movements = purchased − returned − sold;
 *   every supplier: balance = validated purchases − returns − payments + refunds received,
 *   from the amounts the model sent and the answers of each document.
 */
const achatOp = fc.record({
  kind: fc.constant('achat' as const),
  fournisseur: fc.nat({ max: 1 }),
  lignes: fc.array(
    fc.record({
      produit: fc.nat({ max: 2 }),
      unites: fc.integer({ min: 1, max: 5 }),
      prix: fc.integer({ min: 0, max: 5000 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  transport: fc.integer({ min: 0, max: 3000 }),
  payePourcent: fc.integer({ min: 0, max: 100 }),
});
const retourOp = fc.record({
  kind: fc.constant('retour' as const),
  achat: fc.nat(),
  ligne: fc.nat(),
  unites: fc.integer({ min: 1, max: 3 }),
});
const reglementOp = fc.record({
  kind: fc.constant('reglement' as const),
  fournisseur: fc.nat({ max: 1 }),
  pourcent: fc.integer({ min: 1, max: 120 }),
});
const venteOp = fc.record({
  kind: fc.constant('vente' as const),
  produit: fc.nat({ max: 2 }),
  unites: fc.integer({ min: 1, max: 4 }),
});
const op = fc.oneof(
  { arbitrary: achatOp, weight: 3 },
  { arbitrary: retourOp, weight: 2 },
  { arbitrary: reglementOp, weight: 2 },
  { arbitrary: venteOp, weight: 1 },
);

describe(`cohérence des achats, retours, règlements fournisseurs et du stock (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('stock = somme des mouvements ; solde fournisseur = achats − retours − paiements + remboursements', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const shop = (await createService(server.ctx, w.world.ownerA.id)).id;
        const o = { shop };
        const fournisseurs = [await w.fournisseur(undefined, o), await w.fournisseur(undefined, o)];
        const produits: Array<{ id: number; nom: string }> = [];
        for (let i = 0; i < 3; i++) produits.push(await w.produit({ prix: 1000, stock: 0, shop }));
        const stock = [0, 0, 0];
        const solde = [0, 0];
        const achats: Array<{
          id: number;
          f: number;
          lignes: Array<{ id: number; p: number; reste: number }>;
        }> = [];
        for (const x of ops) {
          if (x.kind === 'achat') {
            const lignes = x.lignes.map((l) => ({
              produitId: produits[l.produit]!.id,
              quantite: l.unites * 1000,
              prixUnitaire: l.prix,
            }));
            const draft = await w.postAchat(
              {
                fournisseurId: fournisseurs[x.fournisseur]!.id,
                frais: { transport: x.transport },
                lignes,
              },
              o,
            );
            expect(draft.status).toBe(201);
            const total = draft.body.total as number;
            const paye = Math.floor((total * x.payePourcent) / 100);
            const v = await w.postValidation(
              draft.body.id,
              { paiements: paye > 0 ? [{ mode: 'especes', montant: paye }] : [] },
              o,
            );
            expect(v.status).toBe(200);
            solde[x.fournisseur]! += total - paye;
            for (const l of x.lignes) stock[l.produit]! += l.unites * 1000;
            achats.push({
              id: v.body.id,
              f: x.fournisseur,
              lignes: v.body.lignes.map((l: { id: number; quantite: number }, i: number) => ({
                id: l.id,
                p: x.lignes[i]!.produit,
                reste: l.quantite,
              })),
            });
          } else if (x.kind === 'retour' && achats.length) {
            const a = achats[x.achat % achats.length]!;
            const l = a.lignes[x.ligne % a.lignes.length]!;
            const q = Math.min(x.unites * 1000, l.reste);
            if (q === 0 || stock[l.p]! < q) continue;
            const r = await client.post(
              `${w.shopUrl(shop)}/achats/${a.id}/retours`,
              {
                cleIdempotence: newKey(),
                lignes: [{ ligneId: l.id, quantite: q }],
                modeRemboursement: 'virement',
              },
              w.tokens.ownerA,
            );
            expect(r.status, JSON.stringify(r.body)).toBe(201);
            expect(r.body.impute + r.body.rembourse).toBe(r.body.montant);
            solde[a.f]! -= r.body.montant - r.body.rembourse;
            stock[l.p]! -= q;
            l.reste -= q;
          } else if (x.kind === 'reglement') {
            const montant = Math.floor((solde[x.fournisseur]! * x.pourcent) / 100);
            if (montant <= 0) continue;
            const r = await client.post(
              `${w.shopUrl(shop)}/fournisseurs/${fournisseurs[x.fournisseur]!.id}/reglements`,
              { cleIdempotence: newKey(), montant, mode: 'cheque' },
              w.tokens.ownerA,
            );
            if (montant > solde[x.fournisseur]!) {
              expect(r.status).toBe(422);
              continue;
            }
            expect(r.status, JSON.stringify(r.body)).toBe(201);
            solde[x.fournisseur]! -= montant;
          } else if (x.kind === 'vente') {
            const q = Math.min(x.unites * 1000, stock[x.produit]!);
            if (q === 0) continue;
            await w.vente(
              {
                lignes: [{ produitId: produits[x.produit]!.id, quantite: q }],
                paiements: [{ mode: 'especes', montant: q }],
              },
              o,
            );
            stock[x.produit]! -= q;
          }
        }
        for (const [i, p] of produits.entries()) {
          expect((await w.produitRow(p.id)).quantite).toBe(stock[i]);
          expect(await w.movementsSum(p.id)).toBe(stock[i]);
        }
        for (const [i, f] of fournisseurs.entries()) {
          const compte = (
            await client.get(`${w.shopUrl(shop)}/fournisseurs/${f.id}/compte`, w.tokens.ownerA)
          ).body;
          expect(compte.solde).toBe(solde[i]);
        }
      }),
      { numRuns: 8, seed: 20261124 },
    );
  }, 600_000);
});
