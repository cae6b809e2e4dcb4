import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The weighted average cost after a sequence of purchases at different costs, with extra costs
 * and a sale in between, in XOF and in EUR, against a model written here in bigint (not the
 * production functions): line amount rounded half away from zero, extra costs by largest
 * remainder (ties to the first line), CUMP = (q0 × c0 + 1000 × value in) / (q0 + q in) rounded.
 */
const half = (n: bigint, d: bigint) => (2n * n + d) / (2n * d); // n, d ≥ 0
function model(lignes: Array<{ q: number; prix: number }>, frais: number) {
  const montants = lignes.map((l) => half(BigInt(l.q) * BigInt(l.prix), 1000n));
  const somme = montants.reduce((a, b) => a + b, 0n);
  const parts = montants.map((m) => (BigInt(frais) * m) / somme);
  const restes = montants.map((m, i) => ({ i, r: BigInt(frais) * m - parts[i]! * somme }));
  let reste = BigInt(frais) - parts.reduce((a, b) => a + b, 0n);
  restes.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of restes) if (reste-- > 0n) parts[i]! += 1n;
  return montants.map((m, i) => m + parts[i]!);
}
const cump = (q0: bigint, c0: bigint, q: bigint, v: bigint) =>
  q0 > 0n ? half(q0 * c0 + 1000n * v, q0 + q) : half(1000n * v, q);

const SEQUENCE = [
  {
    frais: { transport: 1000, douane: 0, manutention: 0 },
    lignes: [
      [3000, 1250],
      [7000, 333],
    ],
  },
  {
    frais: { transport: 777, douane: 1234, manutention: 5 },
    lignes: [
      [2000, 1499],
      [1000, 1],
    ],
  },
  {
    frais: { transport: 0, douane: 0, manutention: 0 },
    lignes: [
      [11_000, 999],
      [13_000, 347],
    ],
  },
  {
    frais: { transport: 1, douane: 1, manutention: 1 },
    lignes: [
      [1000, 2001],
      [3000, 333],
    ],
  },
  {
    frais: { transport: 9999, douane: 0, manutention: 333 },
    lignes: [
      [5000, 1],
      [5000, 2],
    ],
  },
] as const;

describe(`CUMP exact sur une suite d'achats (${TEST_DIALECT})`, () => {
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

  for (const devise of ['XOF', 'EUR'] as const)
    it(`${devise} : cinq achats à des coûts différents avec frais, une vente entre deux`, async () => {
      const shop = (await createService(server.ctx, w.world.ownerA.id, { devise })).id;
      const o = { shop };
      const f = await w.fournisseur(`Fournisseur ${devise}`, o);
      const produits = [
        await w.produit({ prix: 5000, stock: 0, shop }),
        await w.produit({ prix: 900, stock: 0, shop }),
      ];
      // Opening CUMP of the product form (floor(prix / 2)), then the model follows.
      const state = [
        { q: 0n, c: BigInt((await w.produitRow(produits[0]!.id)).prixAchat) },
        { q: 0n, c: BigInt((await w.produitRow(produits[1]!.id)).prixAchat) },
      ];
      for (const [n, step] of SEQUENCE.entries()) {
        const lignes = step.lignes.map(([q, prix], i) => ({
          produitId: produits[i]!.id,
          quantite: q,
          prixUnitaire: prix,
        }));
        const achat = await w.achat({ fournisseurId: f.id, frais: step.frais, lignes }, [], o);
        const frais = step.frais.transport + step.frais.douane + step.frais.manutention;
        const valeurs = model(
          step.lignes.map(([q, prix]) => ({ q, prix })),
          frais,
        );
        for (const i of [0, 1]) {
          const s = state[i]!;
          const q = BigInt(step.lignes[i]![0]);
          const attendu = cump(s.q, s.c, q, valeurs[i]!);
          expect(achat.lignes[i]).toMatchObject({
            coutRevient: Number(valeurs[i]),
            cumpAvant: Number(s.c),
            cumpApres: Number(attendu),
          });
          expect(await w.produitRow(produits[i]!.id)).toEqual({
            quantite: Number(s.q + q),
            prixAchat: Number(attendu),
          });
          state[i] = { q: s.q + q, c: attendu };
        }
        if (n === 1) {
          // A sale takes stock out at the average cost: the CUMP does not move.
          await w.vente(
            {
              lignes: [{ produitId: produits[0]!.id, quantite: 4000 }],
              paiements: [{ mode: 'especes', montant: 20_000 }],
            },
            o,
          );
          state[0] = { ...state[0]!, q: state[0]!.q - 4000n };
          expect(await w.produitRow(produits[0]!.id)).toEqual({
            quantite: Number(state[0]!.q),
            prixAchat: Number(state[0]!.c),
          });
        }
      }
      for (const p of produits)
        expect(await w.movementsSum(p.id)).toBe((await w.produitRow(p.id)).quantite);
    });
});
