import { shopTimeZone } from '@comptoir/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from './support/factories.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { expectedRapport, rawShop, tokenAt } from './tableau.model.js';

/**
 * The product report over periods made of UTC years, months and days of the summaries (migration
 * 050, tableau.periodes.ts) — whole months, parts of months added or taken away from their month,
 * a year less its months and days to come, the lines of the partial UTC days at each end — equals
 * the independent computation over the raw sales and returns (tableau.model.ts), in Dakar (UTC
 * all year) and Paris (the shop's midnight at 23:00 or 22:00 UTC, across the change of time of
 * 29 March 2026). The sales and returns fall half an hour on either side of midnight on the first
 * days of months and of the year.
 */

const NOW = '2026-04-10T21:45:00Z';

/** [UTC instant, product index (0–4)] of each sale, oldest first. */
const VENTES: Array<[string, number]> = [
  ['2025-10-31T23:30:00Z', 0],
  ['2025-11-14T23:30:00Z', 1],
  ['2025-11-20T10:00:00Z', 0],
  ['2025-12-31T23:30:00Z', 2],
  ['2026-01-01T00:30:00Z', 3],
  // Product 4 is sold in January only: in the year 2026, outside most periods.
  ['2026-01-15T12:00:00Z', 4],
  ['2026-02-28T23:30:00Z', 1],
  ['2026-03-01T00:30:00Z', 2],
  ['2026-03-28T23:30:00Z', 0],
  ['2026-03-31T22:30:00Z', 3],
  ['2026-04-10T20:00:00Z', 1],
];

/** [UTC instant, index of the sale returned] of each return (one unit of its line). */
const RETOURS: Array<[string, number]> = [
  ['2026-01-31T23:30:00Z', 2],
  ['2026-03-31T23:00:00Z', 4],
  ['2026-04-01T00:30:00Z', 8],
];

/**
 * [du, au] on the shop's calendar, with what their UTC days are made of (the clock on 10 April
 * 2026): the year 2026 less April's days to come and the months after, November less its first
 * days, December; the year less April to December; February and March as the year less January and
 * April on; March less its first 9 days and 5 days of April; days across the new year.
 */
const PERIODES: Array<[string, string]> = [
  ['2025-11-01', '2026-04-10'],
  ['2025-11-15', '2026-03-31'],
  ['2026-02-01', '2026-03-31'],
  ['2026-03-10', '2026-04-05'],
  ['2025-12-20', '2026-01-10'],
];

describe(`rapport produits sur des mois et des années de résumés (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const shops: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date('2025-10-20T08:00:00Z'));
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    for (const pays of ['SN', 'FR']) {
      server.clock.freeze('2025-10-20T08:00:00Z');
      const shop = (await createService(server.ctx, w.world.ownerA.id)).id;
      await server.ctx.database.db
        .updateTable('services')
        .set({ pays, assujetti_tva: 1, prix_ttc: 1 })
        .where('id', '=', shop)
        .execute();
      shops[pays] = shop;
      const token = await tokenAt(server.clock, w.world.ownerA, 'ROLE_PROPRIETAIRE');
      const produits: Array<{ id: number; prix: number }> = [];
      for (const [prix, tauxTva] of [
        [1250, 1800],
        [999, 1000],
        [333, 0],
        [4100, 1800],
        [75, 0],
      ] as const)
        produits.push({
          ...(await w.produit({ prix, tauxTva, stock: 100_000, shop, token })),
          prix,
        });
      const ventes = [];
      for (const [at, p] of VENTES) {
        server.clock.freeze(at);
        const vente = await w.vente(
          {
            lignes: [{ produitId: produits[p]!.id, quantite: 3000 }],
            // Prices include VAT: 3 units, paid exactly.
            paiements: [{ mode: 'especes', montant: 3 * produits[p]!.prix }],
          },
          { shop, token: await tokenAt(server.clock, w.world.ownerA, 'ROLE_PROPRIETAIRE') },
        );
        ventes.push(vente);
      }
      for (const [at, v] of RETOURS) {
        server.clock.freeze(at);
        const answer = await client.post(
          `/api/services/${shop}/ventes/${ventes[v].id}/retours`,
          {
            cleIdempotence: newKey(),
            lignes: [{ ligneId: ventes[v].lignes[0].id, quantite: 1000 }],
            mode: 'remboursement',
            modeRemboursement: 'especes',
          },
          await tokenAt(server.clock, w.world.ownerA, 'ROLE_PROPRIETAIRE'),
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      }
    }
    server.clock.freeze(NOW);
  });
  afterAll(() => server.close());

  for (const pays of ['SN', 'FR'])
    it(`${shopTimeZone(pays)} : chaque période égale le calcul sur les ventes et retours bruts`, async () => {
      const shop = shops[pays]!;
      const raw = await rawShop(server.ctx, shop);
      const auth = await tokenAt(server.clock, w.world.ownerA, 'ROLE_PROPRIETAIRE');
      for (const [du, au] of PERIODES) {
        const r = (
          await client.get(
            `/api/services/${shop}/rapports/produits?du=${du}&au=${au}&size=50`,
            auth,
          )
        ).body;
        const expected = expectedRapport(raw, { du, au });
        const at = `${pays} ${du} → ${au}`;
        expect(r.items.map((i: any) => i.produitId).sort(), at).toEqual(
          expected.map((e) => e.produitId).sort(),
        );
        for (const e of expected)
          expect(
            r.items.find((i: any) => i.produitId === e.produitId),
            at,
          ).toMatchObject(e);
        const sum = (k: 'caTtc' | 'cout' | 'marge' | 'quantiteRetournee') =>
          expected.reduce((a, e) => a + e[k], 0);
        expect(r.totaux, at).toMatchObject({
          caTtc: sum('caTtc'),
          cout: sum('cout'),
          marge: sum('marge'),
          quantiteRetournee: sum('quantiteRetournee'),
        });
      }
      // The dashboard's top products over the longest period: the same figures.
      const [du, au] = PERIODES[0]!;
      const t = (
        await client.get(
          `/api/services/${shop}/tableau?periode=personnalisee&du=${du}&au=${au}`,
          auth,
        )
      ).body;
      const expected = expectedRapport(raw, { du, au }).filter((e) => e.quantiteVendue > 0);
      expect(t.topProduits).toHaveLength(expected.length);
      for (const x of t.topProduits)
        expect(x.caTtc).toBe(expected.find((e) => e.produitId === x.produitId)!.caTtc);
    });
});
