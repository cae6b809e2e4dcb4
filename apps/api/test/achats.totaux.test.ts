import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The purchase list's totals come from the day totals the database keeps (migration 041, kept by
 * triggers). After any history of drafts written, edited (supplier, day, lines) and deleted,
 * validations with part payments, supplier payments and returns with refunds, all through the
 * API, the list's totals under every filter equal the sums this test makes from the purchases'
 * own rows.
 */
const DAYS = ['2026-03-01', '2026-03-02', '2026-04-10'];
const draftOp = fc.record({
  kind: fc.constant('brouillon' as const),
  f: fc.nat({ max: 1 }),
  day: fc.nat({ max: 2 }),
  prix: fc.integer({ min: 0, max: 90_000 }),
  unites: fc.integer({ min: 1, max: 4 }),
});
const editOp = fc.record({
  kind: fc.constant('modification' as const),
  at: fc.nat(),
  f: fc.nat({ max: 1 }),
  day: fc.nat({ max: 2 }),
  prix: fc.integer({ min: 1, max: 90_000 }),
});
const atOp = (kind: 'suppression' | 'validation' | 'retour') =>
  fc.record({ kind: fc.constant(kind), at: fc.nat(), pourcent: fc.integer({ min: 0, max: 100 }) });
const reglementOp = fc.record({
  kind: fc.constant('reglement' as const),
  f: fc.nat({ max: 1 }),
  pourcent: fc.integer({ min: 1, max: 100 }),
});
const op = fc.oneof(
  { arbitrary: draftOp, weight: 4 },
  { arbitrary: editOp, weight: 1 },
  { arbitrary: atOp('suppression'), weight: 1 },
  { arbitrary: atOp('validation'), weight: 3 },
  { arbitrary: atOp('retour'), weight: 1 },
  { arbitrary: reglementOp, weight: 1 },
);

interface Totaux {
  nombre: number;
  total: number;
  montantPaye: number;
  montantRetourne: number;
  reste: number;
}

describe(`totaux de la liste des achats tenus par jour (${TEST_DIALECT})`, () => {
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

  /** The totals the list must show, summed here from the purchases' rows. */
  async function expected(shop: number, keep: (a: Record<string, unknown>) => boolean) {
    const rows = await server.ctx.database.db
      .selectFrom('achats')
      .selectAll()
      .where('service_id', '=', shop)
      .execute();
    const t: Totaux = { nombre: 0, total: 0, montantPaye: 0, montantRetourne: 0, reste: 0 };
    for (const a of rows.filter((r) => keep(r as unknown as Record<string, unknown>))) {
      t.nombre += 1;
      t.total += Number(a.total);
      t.montantPaye += Number(a.montant_paye);
      t.montantRetourne += Number(a.montant_retourne);
      if (a.statut !== 'brouillon')
        t.reste +=
          Number(a.total) -
          Number(a.montant_paye) -
          Number(a.montant_retourne) +
          Number(a.montant_rembourse);
    }
    return t;
  }

  it('tous filtres : totaux de la liste = sommes des achats eux-mêmes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const shop = (await createService(server.ctx, w.world.ownerA.id)).id;
        const o = { shop };
        const url = `${w.shopUrl(shop)}/achats`;
        const fournisseurs = [await w.fournisseur(undefined, o), await w.fournisseur(undefined, o)];
        const produit = await w.produit({ prix: 1000, stock: 0, shop });
        const brouillons: number[] = [];
        const valides: Array<{ id: number; ligne: number; quantite: number }> = [];
        const lignes = (prix: number, unites = 1) => [
          { produitId: produit.id, quantite: unites * 1000, prixUnitaire: prix },
        ];
        for (const x of ops) {
          if (x.kind === 'brouillon') {
            const r = await w.postAchat(
              {
                fournisseurId: fournisseurs[x.f]!.id,
                date: DAYS[x.day],
                frais: { transport: x.prix % 700 },
                lignes: lignes(x.prix, x.unites),
              },
              o,
            );
            expect(r.status, JSON.stringify(r.body)).toBe(201);
            brouillons.push(r.body.id);
          } else if (x.kind === 'modification' && brouillons.length) {
            const id = brouillons[x.at % brouillons.length]!;
            const r = await client.put(
              `${url}/${id}`,
              { fournisseurId: fournisseurs[x.f]!.id, date: DAYS[x.day], lignes: lignes(x.prix) },
              w.tokens.ownerA,
            );
            expect(r.status, JSON.stringify(r.body)).toBe(200);
          } else if (x.kind === 'suppression' && brouillons.length) {
            const [id] = brouillons.splice(x.at % brouillons.length, 1);
            expect((await client.delete(`${url}/${id}`, w.tokens.ownerA)).status).toBe(204);
          } else if (x.kind === 'validation' && brouillons.length) {
            const [id] = brouillons.splice(x.at % brouillons.length, 1);
            const total = (await client.get(`${url}/${id}`, w.tokens.ownerA)).body.total as number;
            const paye = Math.floor((total * x.pourcent) / 100);
            const v = await w.postValidation(
              id!,
              { paiements: paye > 0 ? [{ mode: 'especes', montant: paye }] : [] },
              o,
            );
            expect(v.status, JSON.stringify(v.body)).toBe(200);
            valides.push({
              id: id!,
              ligne: v.body.lignes[0].id,
              quantite: v.body.lignes[0].quantite,
            });
          } else if (x.kind === 'retour' && valides.length) {
            const a = valides[x.at % valides.length]!;
            const q = Math.min(1000, a.quantite);
            const stock = Number((await w.produitRow(produit.id)).quantite);
            if (q === 0 || stock < q) continue;
            const r = await client.post(
              `${url}/${a.id}/retours`,
              {
                cleIdempotence: newKey(),
                lignes: [{ ligneId: a.ligne, quantite: q }],
                modeRemboursement: 'especes',
              },
              w.tokens.ownerA,
            );
            expect(r.status, JSON.stringify(r.body)).toBe(201);
            a.quantite -= q;
          } else if (x.kind === 'reglement') {
            const f = fournisseurs[x.f]!;
            const compte = (
              await client.get(`${w.shopUrl(shop)}/fournisseurs/${f.id}/compte`, w.tokens.ownerA)
            ).body;
            const montant = Math.floor((compte.solde * x.pourcent) / 100);
            if (montant <= 0) continue;
            const r = await client.post(
              `${w.shopUrl(shop)}/fournisseurs/${f.id}/reglements`,
              { cleIdempotence: newKey(), montant, mode: 'cheque' },
              w.tokens.ownerA,
            );
            expect(r.status, JSON.stringify(r.body)).toBe(201);
          }
        }
        const statuts = ['brouillon', 'valide', 'partiellement_paye', 'paye', 'retourne'];
        const filters: Array<[string, (a: Record<string, unknown>) => boolean]> = [
          ['', () => true],
          ['du=2026-03-02', (a) => String(a.date_achat) >= '2026-03-02'],
          ['au=2026-03-02', (a) => String(a.date_achat) <= '2026-03-02'],
          ['du=2026-03-02&au=2026-03-02', (a) => a.date_achat === '2026-03-02'],
          ...fournisseurs.map((f): [string, (a: Record<string, unknown>) => boolean] => [
            `fournisseurId=${f.id}`,
            (a) => a.fournisseur_id === f.id,
          ]),
          ...statuts.map((s): [string, (a: Record<string, unknown>) => boolean] => [
            `statut=${s}`,
            (a) => a.statut === s,
          ]),
          [
            `fournisseurId=${fournisseurs[1]!.id}&statut=valide&du=2026-03-01&au=2026-03-31`,
            (a) =>
              a.fournisseur_id === fournisseurs[1]!.id &&
              a.statut === 'valide' &&
              String(a.date_achat).startsWith('2026-03'),
          ],
        ];
        for (const [query, keep] of filters) {
          const page = await client.get(`${url}?size=5&${query}`, w.tokens.ownerA);
          expect(page.status, query).toBe(200);
          const want = await expected(shop, keep);
          expect(page.body.totaux, query).toEqual(want);
          expect(page.body.total, query).toBe(want.nombre);
        }
      }),
      { numRuns: 12, seed: 20261127 },
    );
  }, 600_000);
});
