import { frenchSortKey } from '@comptoir/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../src/db/migrations/023_tri_francais.js';
import { KEYS, backfillKey } from '../src/db/migrations/027_tri_francais_listes.js';
import { TEST_DIALECT } from './support/database.js';
import { createService, createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The five names of issue 15, after names equal but for accents and case (sorted by accent, then
 * lower case first), in the order a French reader expects; created in another order.
 */
const FRENCH = ['cote', 'Cote', 'coté', 'côte', 'côté', 'eau', 'Émile', 'Éric', 'œuf', 'Zongo'];
/** Categories and brands are unique whatever the case: « Cote » would be « cote » again. */
const NAMED = FRENCH.filter((n) => n !== 'Cote');
const SHUFFLED = ['Zongo', 'côté', 'Émile', 'Cote', 'œuf', 'côte', 'eau', 'coté', 'Éric', 'cote'];

describe(`ordre français des noms (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let owner: { token: string };
  let admin: { token: string };
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
    admin = { token: (await login(client, world.admin.email)).token };
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
      if (NAMED.includes(nom))
        for (const what of ['categories', 'marques'])
          expect((await client.post(url(what), { nom }, owner)).status).toBe(201);
      // Users by the admin (one family name, first names in the same disorder), and shops.
      const user = {
        email: `${frenchSortKey(nom).length}-${SHUFFLED.indexOf(nom)}@tri.exemple.test`,
      };
      const created = await client.post(
        '/api/users',
        { ...user, nom, prenom: 'Anne', role: 'ROLE_PROPRIETAIRE' },
        admin,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const sameName = {
        email: `prenom-${SHUFFLED.indexOf(nom)}@tri.exemple.test`,
        nom: 'Zzz',
        prenom: nom,
      };
      expect(
        (await client.post('/api/users', { ...sameName, role: 'ROLE_PROPRIETAIRE' }, admin)).status,
      ).toBe(201);
      // A shop of the owner, named by its owner (the same columns as a creation).
      const shop = await createService(server.ctx, world.ownerA.id, { nom: 'à renommer' });
      const renamed = await client.put(`/api/services/${shop.id}`, { nom, devise: 'XOF' }, owner);
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
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

  it.each(['categories', 'marques'])(
    '%s : dans l’ordre français, dans les deux sens',
    async (what) => {
      expect(await names(what, 'sort=nom,asc')).toEqual(NAMED);
      expect(await names(what, 'sort=nom,desc')).toEqual([...NAMED].reverse());
    },
  );

  const people = async (query: string) => {
    const res = await client.get(`/api/users?size=50&q=tri.exemple&${query}`, admin);
    expect(res.status).toBe(200);
    return (res.body.items as Array<{ nom: string; prenom: string }>).map((u) =>
      u.nom === 'Zzz' ? `Zzz ${u.prenom}` : u.nom,
    );
  };

  it('utilisateurs : par nom puis prénom, et par prénom, dans l’ordre français', async () => {
    const byPrenom = FRENCH.map((p) => `Zzz ${p}`);
    expect(await people('sort=nom,asc')).toEqual([...FRENCH, ...byPrenom]);
    expect(await people('sort=nom,desc')).toEqual([...FRENCH, ...byPrenom].reverse());
    const firstNames = await people('sort=prenom,asc');
    // The ten « Anne » first, then the first names in French order.
    expect(firstNames.slice(10)).toEqual(byPrenom);
  });

  it('boutiques : dans l’ordre français (liste de l’administrateur)', async () => {
    const shops = async (query: string) => {
      const res = await client.get(
        `/api/services?size=100&ownerId=${world.ownerA.id}&${query}`,
        admin,
      );
      expect(res.status).toBe(200);
      // The owner's other shop (« Boutique A ») is left out.
      return (res.body.items as Array<{ nom: string }>)
        .map((s) => s.nom)
        .filter((n) => FRENCH.includes(n));
    };
    expect(await shops('sort=nom,asc')).toEqual(FRENCH);
    expect(await shops('sort=nom,desc')).toEqual([...FRENCH].reverse());
  });

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
        [
          'categories',
          'clients',
          'fournisseurs',
          'marques',
          'produits',
          // Migration 055: the search table carries the name's sort key of its product.
          'produits_recherche',
          'services',
          'users',
        ].map((t) => ({ table_name: t, collation_name: 'C' })),
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

  it('la migration 027 calcule la clé des catégories, marques, boutiques et utilisateurs existants', async () => {
    const db = server.ctx.database.db as unknown as Kysely<unknown>;
    for (const column of KEYS) {
      await sql`update ${sql.id(column.table)} set ${sql.id(column.key)} = ''`.execute(db);
      await backfillKey(db, column);
    }
    const users = await server.ctx.database.db
      .selectFrom('users')
      .select(['nom', 'prenom', 'nom_tri', 'prenom_tri'])
      .execute();
    for (const u of users) {
      expect(u.nom_tri).toBe(frenchSortKey(u.nom));
      expect(u.prenom_tri).toBe(frenchSortKey(u.prenom));
    }
    for (const what of ['categories', 'marques'])
      expect(await names(what, 'sort=nom,asc')).toEqual(NAMED);
    expect(await people('sort=nom,asc')).toEqual([...FRENCH, ...FRENCH.map((p) => `Zzz ${p}`)]);
  });
});
