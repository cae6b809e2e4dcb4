import { frenchSortKey } from '@comptoir/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../src/db/migrations/023_tri_francais.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The five names of issue 15, after names equal but for accents and case (sorted by accent, then
 * lower case first), in the order a French reader expects; created in another order.
 */
const FRENCH = ['cote', 'Cote', 'coté', 'côte', 'côté', 'eau', 'Émile', 'Éric', 'œuf', 'Zongo'];
const SHUFFLED = ['Zongo', 'côté', 'Émile', 'Cote', 'œuf', 'côte', 'eau', 'coté', 'Éric', 'cote'];

describe(`ordre français des noms (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let owner: { token: string };
  const url = (what: string) => `/api/services/${world.shopA.id}/${what}`;
  const names = async (what: string, query: string) => {
    const res = await client.get(`${url(what)}?size=50&${query}`, owner);
    expect(res.status).toBe(200);
    return (res.body.items as Array<{ nom: string }>).map((i) => i.nom);
  };

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    owner = { token: (await login(client, world.ownerA.email)).token };
    const { db } = server.ctx.database;
    const uniteId = (
      await db
        .selectFrom('unites')
        .select('id')
        .where('nom', '=', 'pièce')
        .executeTakeFirstOrThrow()
    ).id;
    for (const nom of SHUFFLED) {
      const body = { nom, uniteId, prixVente: 100, stockInitial: 5000 };
      const p = await client.post(url('produits'), body, owner);
      expect(p.status, JSON.stringify(p.body)).toBe(201);
      expect((await client.post(url('clients'), { nom }, owner)).status).toBe(201);
      expect((await client.post(url('fournisseurs'), { nom }, owner)).status).toBe(201);
    }
  });
  afterAll(() => server.close());

  it.each(['produits', 'clients', 'fournisseurs'])(
    '%s : « eau », « Émile », « Éric », « œuf », « Zongo » (et « cote » < « Cote » < « coté » < « côte » < « côté ») dans les deux sens',
    async (what) => {
      expect(await names(what, 'sort=nom,asc')).toEqual(FRENCH);
      expect(await names(what, 'sort=nom,desc')).toEqual([...FRENCH].reverse());
    },
  );

  it('produits : le même ordre avec une recherche, un filtre de stock ou dans l’export', async () => {
    expect(await names('produits', 'q=e&sort=nom,asc')).toEqual(FRENCH.slice(0, -1));
    expect(await names('produits', 'stock=en_stock&sort=nom,asc')).toEqual(FRENCH);
    const csv = await client.get(`${url('produits')}/export.csv?sort=nom,asc`, owner);
    const lines = String(csv.body).split('\n').slice(1).filter(Boolean);
    expect(lines.map((l) => l.split(';')[0]!.replace(/"/g, ''))).toEqual(FRENCH);
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    'PostgreSQL compare la clé octet par octet (collation « C »), quelle que soit la locale du serveur',
    async () => {
      const { rows } = await sql<{ table_name: string; collation_name: string }>`
        select table_name, collation_name from information_schema.columns
        where column_name = 'nom_tri' order by table_name`.execute(server.ctx.database.db);
      expect(rows).toEqual(
        ['clients', 'fournisseurs', 'produits'].map((t) => ({
          table_name: t,
          collation_name: 'C',
        })),
      );
    },
  );

  it('la migration 023 calcule la clé des lignes existantes avec la même fonction', async () => {
    const db = server.ctx.database.db as unknown as Kysely<Record<string, { nom_tri: string }>>;
    for (const table of ['produits', 'clients', 'fournisseurs'] as const) {
      await db.updateTable(table).set({ nom_tri: '' }).execute();
      await backfill(server.ctx.database.db as unknown as Kysely<unknown>, table);
    }
    const rows = await server.ctx.database.db
      .selectFrom('clients')
      .select(['nom', 'nom_tri'])
      .execute();
    for (const r of rows) expect(r.nom_tri).toBe(frenchSortKey(r.nom));
    for (const what of ['produits', 'clients', 'fournisseurs'])
      expect(await names(what, 'sort=nom,asc')).toEqual(FRENCH);
  });
});
