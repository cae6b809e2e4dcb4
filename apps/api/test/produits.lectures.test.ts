import { frenchSortKey, searchKey } from '@comptoir/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Reads of the catalogue (issue 18). The total of the unfiltered product list is the shop's count
 * kept by the triggers of migration 054: it must follow every write that adds or removes products
 * (creation, import, failed import, deletion), shop by shop. Lists of one category or brand walk
 * their index in name order: the same products, order and total as the whole list filtered here.
 * Text searches: on SQLite the total and the page come from the trigram table of migration 055
 * (contentless, case-sensitive over ASCII-folded texts, kept by triggers), ranked in name order by
 * the shop's order kept in memory (produits.ordre.ts, version of migration 057), in other orders,
 * with many matches, by a walk of the order's index; they must be exactly what the plain LIKE filter gives (same
 * products, order, total, page after page), in every order, with and without the active filter,
 * after creations, imports, renames, reference changes, deactivations and deletions. Texts where
 * Unicode case folding and LIKE differ (« CRÈME », the Kelvin sign) are in the catalogue. On SQLite
 * the shop with more products (A) is searched by the phrase less the other shop's products, the
 * other (B) through its own trigram: both are compared. The order kept in memory must follow a
 * rename (no product added or removed), a creation and a deletion; after an import (SQLite) the
 * trigram table is merged into one segment.
 */
describe(`nombre de produits d’une boutique (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'ownerA' | 'ownerB', { token: string }>;
  const url = (shop: number, path = '') => `/api/services/${shop}/produits${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['ownerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
  });
  afterAll(() => server.close());

  /** Per shop: the list's total, the real count and the kept count. */
  async function counts(shop: number, owner: { token: string }) {
    const { db } = server.ctx.database;
    const total = (await client.get(url(shop), owner)).body.total as number;
    const real = Number(
      (
        await db
          .selectFrom('produits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('service_id', '=', shop)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { rows } = await sql<{
      n: number;
    }>`select n from produits_comptes where service_id = ${shop}`.execute(db);
    return { total, real, kept: Number(rows[0]?.n ?? 0) };
  }

  it('suit les créations, l’import (réussi ou refusé) et les suppressions, boutique par boutique', async () => {
    const a = world.shopA.id;
    const b = world.shopB.id;
    const { body: unites } = await client.get('/api/unites?size=50', token.ownerA);
    const piece = unites.items.find((u: any) => u.symbole === 'pce').id;
    const created = [];
    for (const nom of ['Savon', 'Riz', 'Sucre'])
      created.push(
        (await client.post(url(a), { nom, uniteId: piece, prixVente: 100 }, token.ownerA)).body,
      );
    await client.post(url(b), { nom: 'Thé', uniteId: piece, prixVente: 100 }, token.ownerB);
    expect(await counts(a, token.ownerA)).toEqual({ total: 3, real: 3, kept: 3 });
    expect(await counts(b, token.ownerB)).toEqual({ total: 1, real: 1, kept: 1 });

    const lignes = Array.from({ length: 40 }, (_, i) => ({
      nom: `Article ${i}`,
      unite: 'pce',
      prixVente: 150,
    }));
    const imported = await client.post(url(a, '/import'), { lignes }, token.ownerA);
    expect(imported.status).toBe(200);
    expect(await counts(a, token.ownerA)).toEqual({ total: 43, real: 43, kept: 43 });
    // A refused import (one faulty line) writes nothing: the count does not move either.
    const refused = await client.post(
      url(a, '/import'),
      {
        lignes: [...lignes.map((l) => ({ ...l, nom: `${l.nom} bis` })), { nom: '', unite: 'pce' }],
      },
      token.ownerA,
    );
    expect(refused.status).toBe(400);
    expect(await counts(a, token.ownerA)).toEqual({ total: 43, real: 43, kept: 43 });

    expect((await client.delete(url(a, `/${created[0].id}`), token.ownerA)).status).toBe(204);
    expect(await counts(a, token.ownerA)).toEqual({ total: 42, real: 42, kept: 42 });
    expect(await counts(b, token.ownerB)).toEqual({ total: 1, real: 1, kept: 1 });
    // Filtered lists still count their matches.
    expect((await client.get(`${url(a)}?q=article`, token.ownerA)).body.total).toBe(40);
    expect((await client.get(`${url(a)}?actif=true`, token.ownerA)).body.total).toBe(42);
  });

  it('liste d’une catégorie ou d’une marque : l’ordre, les ex aequo et le total de la liste complète', async () => {
    const a = world.shopA.id;
    const noms = ['Savon', 'savon', 'Éclair', 'eau', 'Zongo', 'Savon', 'Œuf', 'Ébène', 'Riz'];
    const lignes = noms.flatMap((nom, i) =>
      ['Rayon 1', 'Rayon 2'].map((categorie, j) => ({
        nom,
        unite: 'pce',
        prixVente: 100 + i,
        categorie,
        marque: (i + j) % 2 ? 'Maison' : 'Autre',
      })),
    );
    expect((await client.post(url(a, '/import'), { lignes }, token.ownerA)).status).toBe(200);
    const list = async (query: string) =>
      (await client.get(`${url(a)}?size=100&${query}`, token.ownerA)).body;
    const { items: categories } = (
      await client.get(`/api/services/${a}/categories?size=50`, token.ownerA)
    ).body;
    const { items: marques } = (
      await client.get(`/api/services/${a}/marques?size=50`, token.ownerA)
    ).body;
    const rayon = categories.find((c: any) => c.nom === 'Rayon 2').id;
    const maison = marques.find((m: any) => m.nom === 'Maison').id;
    for (const sort of ['nom,asc', 'nom,desc']) {
      // The list's order computed here: French sort key, then id; reversed for desc.
      const key = (p: any) => frenchSortKey(p.nom);
      const all = [...(await list('')).items].sort((x: any, y: any) =>
        key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : x.id - y.id,
      );
      if (sort === 'nom,desc') all.reverse();
      const cases: Array<[string, (p: any) => boolean]> = [
        [`categorieId=${rayon}`, (p) => p.categorie?.id === rayon],
        [`marqueId=${maison}`, (p) => p.marque?.id === maison],
        [
          `categorieId=${rayon}&marqueId=${maison}`,
          (p) => p.categorie?.id === rayon && p.marque?.id === maison,
        ],
      ];
      for (const [filter, keep] of cases) {
        const expected = all.filter(keep).map((p: any) => p.id);
        const body = await list(`sort=${sort}&${filter}`);
        expect(body.items.map((p: any) => p.id)).toEqual(expected);
        expect(body.total).toBe(expected.length);
        const page = await client.get(
          `${url(a)}?size=3&page=2&sort=${sort}&${filter}`,
          token.ownerA,
        );
        expect(page.body.items.map((p: any) => p.id)).toEqual(expected.slice(3, 6));
        expect(page.body.total).toBe(expected.length);
      }
    }
  });

  const TEXTS = [
    'cafe moulu',
    'CAFÉ',
    'crème',
    'CRÈME',
    'caf-25',
    'oeu',
    'k-temp',
    '\u212A-temp',
    '4006381333931',
    'RIZ-778',
    'café au',
    'moulu 1',
  ];
  const ORDERS = [
    ['nom', 'asc'],
    ['nom', 'desc'],
    ['prix_vente', 'desc'],
    ['reference', 'asc'],
    ['code_barres', 'desc'],
    ['quantite', 'asc'],
    ['created_at', 'desc'],
  ] as const;
  const COLUMNS = {
    nom: 'nom_tri',
    prix_vente: 'prix_vente',
    reference: 'reference',
    code_barres: 'code_barres',
    quantite: 'quantite',
    created_at: 'created_at',
  };

  /** The shop's products kept by the plain LIKE filter (ILIKE for references on PostgreSQL). */
  async function expected(
    shop: number,
    q: string,
    order: (typeof ORDERS)[number],
    actif?: boolean,
  ) {
    const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const dir = sql.raw(order[1]);
    const { rows } = await sql<{ id: number }>`select id from produits
      where service_id = ${shop}
        and (nom_recherche like ${like(searchKey(q))} escape '\\'
          or reference ${sql.raw(TEST_DIALECT === 'postgres' ? 'ilike' : 'like')} ${like(q)} escape '\\'
          or code_barres = ${q})
        ${actif === undefined ? sql`` : sql`and actif = ${actif ? 1 : 0}`}
      order by ${sql.ref(COLUMNS[order[0]])} ${dir}, id ${dir}`.execute(server.ctx.database.db);
    return rows.map((r) => Number(r.id));
  }

  /** Every text, order and active filter: two pages of 3 and the total equal the LIKE filter's. */
  async function compare(shop: number, owner: { token: string }) {
    let compared = 0;
    for (const q of TEXTS)
      for (const order of ORDERS)
        for (const actif of [undefined, true, false]) {
          const all = await expected(shop, q, order, actif);
          const filter = actif === undefined ? '' : `&actif=${actif}`;
          for (const page of [1, 2]) {
            const path = `?q=${encodeURIComponent(q)}&sort=${order.join(',')}&size=3&page=${page}${filter}`;
            const { body } = await client.get(`${url(shop)}${path}`, owner);
            expect({ path, ids: body.items.map((p: any) => p.id), total: body.total }).toEqual({
              path,
              ids: all.slice((page - 1) * 3, page * 3),
              total: all.length,
            });
          }
          compared += all.length;
        }
    return compared;
  }

  it('recherche égale au filtre LIKE après créations, import, modifications, désactivation et suppression', async () => {
    const a = world.shopA.id;
    const b = world.shopB.id;
    const ligne = (nom: string, extra: Record<string, unknown> = {}, i = 0) => ({
      nom,
      unite: 'pce',
      prixVente: 100 + ((i * 37) % 11),
      stockInitial: (i % 3) * 1000,
      ...extra,
    });
    const lignes = [
      ligne('Café moulu Arabica', { reference: 'CAF-250' }),
      ligne('CAFÉ MOULU corsé', { reference: 'caf-251' }),
      ligne('Crème fraîche', { reference: 'CRÈME-01' }),
      ligne('Lait', { reference: 'crème-02' }),
      ligne('Œufs frais', { reference: 'OEU-1' }),
      ligne('Thé noir', { reference: '\u212A-TEMP' }),
      ligne('Savon 4006381333931', { codeBarres: '4006381333931' }),
      ligne('Riz', { codeBarres: 'RIZ-778' }),
      ...Array.from({ length: 14 }, (_, i) => ligne(`Café moulu ${i}`, { reference: `M-${i}` }, i)),
    ];
    for (const [shop, owner] of [
      [a, token.ownerA],
      [b, token.ownerB],
    ] as const)
      expect((await client.post(url(shop, '/import'), { lignes }, owner)).status).toBe(200);
    expect(await compare(a, token.ownerA)).toBeGreaterThan(100);

    const { items } = (await client.get(`${url(a)}?size=100`, token.ownerA)).body;
    const byName = (nom: string) => items.find((p: any) => p.nom === nom);
    const { body: unites } = await client.get('/api/unites?size=50', token.ownerA);
    const piece = unites.items.find((u: any) => u.symbole === 'pce').id;
    const put = async (p: any, changes: Record<string, unknown>) =>
      expect(
        (
          await client.put(
            url(a, `/${p.id}`),
            {
              nom: p.nom,
              uniteId: piece,
              prixVente: p.prixVente,
              reference: p.reference,
              ...changes,
            },
            token.ownerA,
          )
        ).status,
      ).toBe(200);
    await put(byName('Lait'), { nom: 'Café au lait', reference: 'LAIT-1' });
    await put(byName('Thé noir'), { reference: 'K-TEMP' });
    await put(byName('Crème fraîche'), { reference: 'crème-01' });
    for (const nom of ['Café moulu 3', 'Café moulu 4'])
      expect(
        (await client.post(url(a, `/${byName(nom).id}/desactiver`), {}, token.ownerA)).status,
      ).toBe(200);
    expect(
      (await client.delete(url(a, `/${byName('Café moulu 6').id}`), token.ownerA)).status,
    ).toBe(204);
    await client.post(
      url(a),
      { nom: 'Crème au café moulu', uniteId: piece, prixVente: 90 },
      token.ownerA,
    );
    expect(await compare(a, token.ownerA)).toBeGreaterThan(100);
    expect(await compare(b, token.ownerB)).toBeGreaterThan(100);
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    'PostgreSQL : la table de recherche écrite dans l’ordre des noms, import par import',
    async () => {
      const noms = ['Zèbre', 'ananas', 'Mangue', 'Banane', 'Éclair', 'cerise'];
      const lignes = noms.map((nom) => ({ nom: `${nom} rangé`, unite: 'pce', prixVente: 100 }));
      const shop = world.shopA.id;
      expect((await client.post(url(shop, '/import'), { lignes }, token.ownerA)).status).toBe(200);
      const { db } = server.ctx.database;
      const ids = async (order: string) =>
        (
          await sql<{
            id: number;
          }>`select r.id from produits_recherche r join produits p on p.id = r.id
          where p.nom like '% rangé' order by ${sql.raw(order)}`.execute(db)
        ).rows.map((r) => Number(r.id));
      // Physical order (ctid) of the search table = name order, not the order of the file.
      expect(await ids('r.ctid')).toEqual(await ids('p.nom_tri'));
      expect(await ids('p.nom_tri')).not.toEqual(await ids('p.id'));
    },
  );

  it.runIf(TEST_DIALECT === 'sqlite')('SQLite : cache de pages de 64 Mio', async () => {
    const { rows } = await sql<{
      cache_size: number;
    }>`pragma cache_size`.execute(server.ctx.database.db);
    expect(rows[0]!.cache_size).toBe(-65536);
  });

  /** The names found by « classée », in this order, as pages of 2; each page's total is their number. */
  async function noms(sort: 'asc' | 'desc') {
    const out: string[] = [];
    const totals: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await client.get(
        `${url(world.shopA.id)}?q=class%C3%A9e&sort=nom,${sort}&size=2&page=${page}`,
        token.ownerA,
      );
      out.push(...body.items.map((p: { nom: string }) => p.nom));
      totals.push(body.total);
    }
    expect(totals).toEqual([out.length, out.length, out.length]);
    return out;
  }

  it('suit un renommage, une création et une suppression', async () => {
    const lignes = ['Banane classée', 'Cerise classée', 'Datte classée', 'Figue'].map((nom) => ({
      nom,
      unite: 'pce',
      prixVente: 100,
    }));
    expect(
      (await client.post(url(world.shopA.id, '/import'), { lignes }, token.ownerA)).status,
    ).toBe(200);
    expect(await noms('asc')).toEqual(['Banane classée', 'Cerise classée', 'Datte classée']);

    const { items } = (await client.get(`${url(world.shopA.id)}?size=50`, token.ownerA)).body;
    const banane = items.find((p: { nom: string }) => p.nom === 'Banane classée');
    const { body: unites } = await client.get('/api/unites?size=50', token.ownerA);
    const piece = unites.items.find((u: { symbole: string }) => u.symbole === 'pce').id;
    const renamed = await client.put(
      url(world.shopA.id, `/${banane.id}`),
      { nom: 'Zèbre classée', uniteId: piece, prixVente: 100 },
      token.ownerA,
    );
    expect(renamed.status).toBe(200);
    expect(await noms('asc')).toEqual(['Cerise classée', 'Datte classée', 'Zèbre classée']);
    expect(await noms('desc')).toEqual(['Zèbre classée', 'Datte classée', 'Cerise classée']);

    const created = await client.post(
      url(world.shopA.id),
      { nom: 'Abricot classée', uniteId: piece, prixVente: 100 },
      token.ownerA,
    );
    expect(created.status).toBe(201);
    expect(await noms('asc')).toEqual([
      'Abricot classée',
      'Cerise classée',
      'Datte classée',
      'Zèbre classée',
    ]);
    expect((await client.delete(url(world.shopA.id, `/${banane.id}`), token.ownerA)).status).toBe(
      204,
    );
    expect(await noms('desc')).toEqual(['Datte classée', 'Cerise classée', 'Abricot classée']);
  });

  it.runIf(TEST_DIALECT === 'sqlite')(
    'SQLite : après un import, la table des trigrammes tient en un segment',
    async () => {
      const { db } = server.ctx.database;
      // Products written one by one first: FTS5 writes a segment per transaction.
      const { body: unites } = await client.get('/api/unites?size=50', token.ownerA);
      const piece = unites.items.find((u: { symbole: string }) => u.symbole === 'pce').id;
      for (const nom of ['Savon', 'Riz', 'Sucre'])
        await client.post(
          url(world.shopA.id),
          { nom, uniteId: piece, prixVente: 100 },
          token.ownerA,
        );
      const lignes = Array.from({ length: 30 }, (_, i) => ({
        nom: `Pièce détachée ${i}`,
        unite: 'pce',
        prixVente: 150,
      }));
      expect(
        (await client.post(url(world.shopA.id, '/import'), { lignes }, token.ownerA)).status,
      ).toBe(200);
      // A segment's pages have rowids (segment id << 37) + page; its tombstones, ids past 65,535.
      const { rows } = await sql<{ n: number }>`select count(distinct id >> 37) as n
        from produits_recherche_data where (id >> 37) between 1 and 65535`.execute(db);
      expect(Number(rows[0]!.n)).toBe(1);
      expect(
        (await client.get(`${url(world.shopA.id)}?q=d%C3%A9tach%C3%A9e`, token.ownerA)).body.total,
      ).toBe(30);
    },
  );
});
