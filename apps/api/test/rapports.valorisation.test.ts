import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migration039 } from '../src/db/migrations/039_mouvements_cump.js';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { tokenAt } from './tableau.model.js';

/**
 * The value of the stock at the end of a past day keeps the weighted average cost in force that
 * day: a purchase validated later changes the cost of the days after it, never before (issue 13).
 * In XOF (Abidjan) and in EUR cents (Paris): 10 bought at 100 on day 1, 10 at 200 on day 2 (cost
 * 150), 1 at 101 on day 3 (cost (20 × 150 + 101) ÷ 21 = 147,67, rounded once: 148; in euros
 * 1 at 10,01 € after 10 € and 20 €: 31 001 ÷ 21 = 1 476,2 cents, 1 476) and one sold that day.
 * Then the costs of the movements are dropped and rebuilt by migration 039 from the purchases:
 * the same costs, the same values.
 */

const DAYS = {
  1: '2026-06-01T21:30:00Z', // 23:30 in Paris: still the 1st
  2: '2026-06-02T08:00:00Z',
  3: '2026-06-03T12:00:00Z',
  today: '2026-06-10T12:00:00Z',
};

const CASES = [
  { devise: 'XOF', pays: 'CI', prix: [100, 200, 101], cumps: [100, 150, 148] },
  { devise: 'EUR', pays: 'FR', prix: [1000, 2000, 1001], cumps: [1000, 1500, 1476] },
] as const;

describe(`valeur du stock à une date : le coût de ce jour-là (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.freeze('2026-06-01T06:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  for (const c of CASES)
    it(`${c.devise} : un achat du lendemain ne change pas la valeur de la veille`, async () => {
      const { db } = server.ctx.database;
      server.clock.freeze('2026-06-01T06:00:00Z');
      const shop = (await createService(server.ctx, w.world.ownerA.id, { devise: c.devise })).id;
      await db.updateTable('services').set({ pays: c.pays }).where('id', '=', shop).execute();
      const owner = () => tokenAt(server.clock, w.world.ownerA, 'ROLE_PROPRIETAIRE');
      const produit = (
        await client.post(
          `/api/services/${shop}/produits`,
          { nom: 'Riz', uniteId: w.unite.id, prixVente: 5000, prixAchat: 0, tauxTva: 0 },
          await owner(),
        )
      ).body.id as number;
      const fournisseurId = (await w.fournisseur(undefined, { shop, token: await owner() })).id;
      const acheter = async (day: 1 | 2 | 3, unites: number, prixUnitaire: number) => {
        server.clock.freeze(DAYS[day]);
        await w.achat(
          {
            fournisseurId,
            date: DAYS[day].slice(0, 10),
            lignes: [{ produitId: produit, quantite: unites * 1000, prixUnitaire }],
          },
          [],
          { shop, token: await owner() },
        );
      };
      const valeur = async (date?: string) => {
        const q = date ? `?date=${date}` : '';
        const r = await client.get(`/api/services/${shop}/rapports/stock${q}`, await owner());
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return [r.body.total.quantite, r.body.total.valeur];
      };
      const [d1, d2, d3] = ['2026-06-01', '2026-06-02', '2026-06-03'];
      const [c1, c2, c3] = c.cumps;

      await acheter(1, 10, c.prix[0]);
      server.clock.freeze(DAYS.today);
      expect(await valeur(d1)).toEqual([10_000, 10 * c1]);

      await acheter(2, 10, c.prix[1]);
      server.clock.freeze(DAYS.today);
      expect(await valeur(d1)).toEqual([10_000, 10 * c1]);
      expect(await valeur(d2)).toEqual([20_000, 20 * c2]);

      await acheter(3, 1, c.prix[2]);
      await w.vente(
        {
          lignes: [{ produitId: produit, quantite: 1000 }],
          paiements: [{ mode: 'especes', montant: 5000 }],
        },
        { shop, token: await owner() },
      );
      server.clock.freeze(DAYS.today);
      const expected = [
        [d1, 10_000, 10 * c1],
        [d2, 20_000, 20 * c2],
        [d3, 20_000, 20 * c3],
      ] as const;
      for (const [day, q, v] of expected) expect(await valeur(day)).toEqual([q, v]);
      // Today: the product's quantity and cost now, the same as at the end of the last movement.
      expect((await w.produitRow(produit)).prixAchat).toBe(c3);
      expect(await valeur()).toEqual([20_000, 20 * c3]);

      // The costs written with the movements, then rebuilt from the purchases by migration 039.
      const costs = () =>
        db
          .selectFrom('mouvements_stock')
          .select(['id', 'cump'])
          .where('produit_id', '=', produit)
          .orderBy('id')
          .execute()
          .then((rows) => rows.map((m) => Number(m.cump)));
      expect(await costs()).toEqual([c1, c2, c3, c3]);
      await sql`alter table mouvements_stock drop column cump`.execute(db);
      await migration039(db as unknown as Kysely<unknown>, { dialect: TEST_DIALECT });
      expect(await costs()).toEqual([c1, c2, c3, c3]);
      for (const [day, q, v] of expected) expect(await valeur(day)).toEqual([q, v]);
    });
});
