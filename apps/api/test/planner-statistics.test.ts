import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshStatistics, statistiquesPeriodiques } from '../src/db/statistics.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The query planner knows the catalogue's size without anyone running ANALYZE (issue 18): an
 * import through the API leaves statistics for the products table and its indexes. Without them a
 * shop that imported 100,000 products sold 4 times slower than the bench said.
 */
describe(`statistiques du planificateur (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
  });
  afterAll(() => server.close());

  /** Rows the planner believes the products table holds; null when it has no statistics. */
  async function plannedRows(): Promise<number | null> {
    const { db } = server.ctx.database;
    if (TEST_DIALECT === 'sqlite') {
      const stat = await sql<{ n: number }>`
        select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
      if (stat.rows[0]!.n === 0) return null;
      const rows = await sql<{ stat: string }>`
        select stat from sqlite_stat1 where tbl = 'produits' and idx is not null`.execute(db);
      // The first number of an index's statistics is the table's row count.
      return rows.rows.length
        ? Math.max(...rows.rows.map((r) => Number(r.stat.split(' ')[0])))
        : null;
    }
    const rows = await sql<{ reltuples: number }>`
      select reltuples from pg_class
      where relname = 'produits' and relnamespace = current_schema()::regnamespace`.execute(db);
    const n = Number(rows.rows[0]!.reltuples);
    return n < 0 ? null : n;
  }

  it('un import par l’API laisse au planificateur le nombre de produits, sans ANALYZE à la main', async () => {
    const before = await plannedRows();
    expect(before ?? 0).toBeLessThan(50);
    const { token } = await login(client, world.ownerA.email);
    const lignes = Array.from({ length: 600 }, (_, i) => ({
      nom: `Produit statistique ${i}`,
      reference: `STAT-${i}`,
      categorie: i % 2 ? 'Boissons' : 'Épicerie',
      unite: 'pce',
      prixAchat: 100,
      prixVente: 150,
      stockInitial: 1000,
      seuilAlerte: 0,
    }));
    const res = await client.post(
      `/api/services/${world.shopA.id}/produits/import`,
      { lignes },
      { token },
    );
    expect(res.status).toBe(200);
    expect(await plannedRows()).toBeGreaterThanOrEqual(600);
    if (TEST_DIALECT === 'postgres') {
      // VACUUM too, so that the visibility map lets a count or a page be read from the index alone
      // before autovacuum comes by (list of 100,000 products, durable bench: p50 27 → 15 ms).
      // `last_vacuum` is a VACUUM run by a command, not autovacuum's (`last_autovacuum`). The
      // search table of migration 055 too: unknown to the planner, a search would scan it whole.
      const stats = await sql<{ relname: string; last_vacuum: Date | null }>`
        select relname, last_vacuum from pg_stat_user_tables
        where relname in ('produits', 'produits_recherche') and schemaname = current_schema()
        order by relname`.execute(server.ctx.database.db);
      expect(stats.rows.map((r) => [r.relname, r.last_vacuum !== null])).toEqual([
        ['produits', true],
        ['produits_recherche', true],
      ]);
    }
  });

  it('un deuxième import, même loin de multiplier le catalogue par 25, est compté aussi', async () => {
    // SQLite's PRAGMA optimize alone re-analyses a table only once it grew 25-fold: the tables an
    // import wrote are analysed by name, as on PostgreSQL.
    const { token } = await login(client, world.ownerA.email);
    const lignes = Array.from({ length: 900 }, (_, i) => ({
      nom: `Produit statistique bis ${i}`,
      reference: `STAT-BIS-${i}`,
      unite: 'pce',
      prixAchat: 100,
      prixVente: 150,
    }));
    const res = await client.post(
      `/api/services/${world.shopA.id}/produits/import`,
      { lignes },
      { token },
    );
    expect(res.status).toBe(200);
    expect(await plannedRows()).toBeGreaterThanOrEqual(1500);
  });

  it.skipIf(TEST_DIALECT !== 'sqlite')(
    'le planificateur sait combien de produits a la boutique (statistiques exactes, pas échantillonnées)',
    async () => {
      // An index led by service_id: its second figure is the rows per shop. Sampled statistics
      // (analysis_limit) saw at most half their sample per shop, and the planner then walked the
      // name index of the whole shop for one category's page: 500 ms at 100,000 products.
      const { rows } = await sql<{ stat: string }>`
        select stat from sqlite_stat1 where idx = 'produits_categorie_idx'`.execute(
        server.ctx.database.db,
      );
      const perShop = Number(rows[0]!.stat.split(' ')[1]);
      expect(perShop).toBeGreaterThanOrEqual(1500);
    },
  );

  it.skipIf(TEST_DIALECT !== 'sqlite')(
    'la tournée périodique analyse une table vide au démarrage et remplie par l’usage',
    async () => {
      // Clients come one by one (no bulk write refreshes anything): only the hourly round does.
      const { token } = await login(client, world.ownerA.email);
      for (let i = 0; i < 30; i++) {
        const res = await client.post(
          `/api/services/${world.shopA.id}/clients`,
          { nom: `Client statistique ${i}`, telephone: `+22177${String(i).padStart(7, '0')}` },
          { token },
        );
        expect(res.status).toBe(201);
      }
      const clientStats = async () =>
        (
          await sql<{ n: number }>`
            select count(*) as n from sqlite_stat1 where tbl = 'clients'`.execute(
            server.ctx.database.db,
          )
        ).rows[0]!.n;
      expect(await clientStats()).toBe(0);
      await statistiquesPeriodiques(server.ctx.database);
      expect(await clientStats()).toBeGreaterThan(0);
    },
  );

  it.skipIf(TEST_DIALECT !== 'sqlite')(
    'des écritures en nombre font revoir les statistiques sans attendre la tournée de l’heure',
    async () => {
      // A look every 20 writes: clients come one by one, never analysed; the 20th write (the
      // sign-in counts) has the round analyse them, as the hourly one would an hour later.
      const watched = await startTestServer({}, undefined, { statisticsEveryWrites: 20 });
      try {
        const w = await createTenants(watched.ctx);
        const { token } = await login(watched.client(), w.ownerA.email);
        const analysed = async () =>
          (
            await sql<{ n: number }>`
              select count(*) as n from sqlite_stat1 where tbl = 'clients'`.execute(
              watched.ctx.database.db,
            )
          ).rows[0]!.n > 0;
        const add = async (i: number) => {
          const res = await watched
            .client()
            .post(
              `/api/services/${w.shopA.id}/clients`,
              { nom: `Client compté ${i}`, telephone: `+22178${String(i).padStart(7, '0')}` },
              { token },
            );
          expect(res.status).toBe(201);
        };
        for (let i = 0; i < 15; i++) await add(i);
        expect(await analysed()).toBe(false);
        for (let i = 15; i < 25; i++) await add(i);
        // The round runs after a response, without holding it: wait for it (no time to meet).
        await vi.waitFor(async () => expect(await analysed()).toBe(true), {
          timeout: 120_000,
          interval: 50,
        });
      } finally {
        await watched.close();
      }
    },
  );

  it('le rafraîchissement ne fait rien de faux sur une base inchangée (aucune erreur, même chiffre)', async () => {
    const n = await plannedRows();
    await refreshStatistics(server.ctx.database);
    await refreshStatistics(server.ctx.database, ['produits']);
    expect(await plannedRows()).toBe(n);
  });
  it.skipIf(TEST_DIALECT !== 'postgres')(
    'les fonctions des résumés lisent les documents par leur clé, quelles que soient les statistiques',
    async () => {
      // Planned while `ventes` was small, a summary function read the whole table at each sale
      // for the life of the connection (migration 058).
      const { rows } = await sql<{ fonction: string; reglages: string[] | null }>`
        select p.proname as fonction, p.proconfig as reglages
        from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where t.tgnewtable is not null and not t.tgisinternal
          and p.proname ~ '_(quarts|jours|mois|annees)_.*_f$'`.execute(server.ctx.database.db);
      expect(rows.map((r) => r.fonction)).toEqual(
        expect.arrayContaining(['ventes_quarts_vente_lignes_f', 'produits_annees_vente_lignes_f']),
      );
      for (const r of rows)
        expect([r.fonction, r.reglages]).toEqual([r.fonction, ['enable_seqscan=off']]);
    },
  );
});
