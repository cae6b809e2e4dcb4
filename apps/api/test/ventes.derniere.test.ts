import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { espionnerEnvois } from './support/envois-pg.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * PostgreSQL: a cash sale sends its COMMIT behind the statement of its rows
 * (`derniereInstruction`, db/pg-nommees.ts), so that the rows every sale of the shop shares are
 * not held while Node comes back to it. A sale whose statement needs another after it (the
 * shop's first journal entry, a clock gone back) is refused by that statement and written again
 * the usual way, once.
 */
describe.skipIf(TEST_DIALECT !== 'postgres')(
  'vente au comptant : COMMIT derrière ses écritures',
  () => {
    let server: TestServer;
    let espion: ReturnType<typeof espionnerEnvois>;

    beforeAll(async () => {
      server = await startTestServer();
      espion = espionnerEnvois();
    });
    afterAll(async () => {
      espion?.retirer();
      await server?.close();
    });

    it('une vente au comptant valide derrière ses écritures ; l’horloge qui recule la fait écrire à part', async () => {
      const w = await sellingWorld(server.ctx, server.client());
      const p = await w.produit({ prix: 700, stock: 10_000 });
      const vente = () =>
        w.vente({
          lignes: [{ produitId: p.id, quantite: 1000 }],
          paiements: [{ mode: 'especes', montant: 700 }],
        });
      const entrees = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from journal_entrees
            where service_id = ${w.world.shopA.id}`.execute(server.ctx.database.db)
          ).rows[0]!.n,
        );
      await vente();
      const avant = await entrees();
      espion.envois.length = 0;
      await vente();
      const commits = espion.envois.filter((e) => e.texte === 'commit');
      expect(commits.some((e) => e.apresUnAutre)).toBe(true);
      expect(await entrees()).toBe(avant + 1);

      // The clock two hours back: the sale's statement refuses to be the last (a statement sent
      // after it would fail the sale), the sale is written again, once, its clock anomaly in the JET.
      server.clock.set(new Date(Date.now() - 2 * 3600_000).toISOString());
      const compte = async (table: 'ventes' | 'jet_entrees', type?: string) =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
            where service_id = ${w.world.shopA.id}
            ${type ? sql`and type = ${type}` : sql``}`.execute(server.ctx.database.db)
          ).rows[0]!.n,
        );
      const [ventes, anomalies] = [
        await compte('ventes'),
        await compte('jet_entrees', 'anomalie_horloge'),
      ];
      await vente();
      expect(await compte('ventes')).toBe(ventes + 1);
      expect(await entrees()).toBe(avant + 2);
      expect(await compte('jet_entrees', 'anomalie_horloge')).toBe(anomalies + 1);
    });
  },
);
