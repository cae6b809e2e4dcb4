import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { expectAnnouncedRows } from './support/export.js';
import type { TestClient } from './support/http.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The product report's search (name without accents or case, reference, exact barcode; LIKE
 * wildcards taken literally), in the page and in the CSV export alike.
 */

describe(`rapport produits : recherche (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const q = 'du=2026-06-01&au=2026-06-30';

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.freeze('2026-06-10T10:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    const produits: Record<string, number> = {};
    for (const [nom, reference, codeBarres, prix] of [
      ['Café Touba', 'CAF-01', null, 1500],
      ['Thé vert 100%', 'TH_02', '6001234567899', 900],
      ['Sucre', null, null, 700],
    ] as const) {
      const a = await client.post(
        `${w.shopUrl()}/produits`,
        {
          nom,
          reference,
          codeBarres,
          uniteId: w.unite.id,
          prixVente: prix,
          prixAchat: prix / 2,
          tauxTva: 0,
          stockInitial: 10_000,
        },
        w.tokens.ownerA,
      );
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      produits[nom] = a.body.id;
    }
    await w.vente({
      lignes: Object.values(produits).map((produitId) => ({ produitId, quantite: 2000 })),
      paiements: [{ mode: 'especes', montant: 6200 }],
    });
  });
  afterAll(() => server.close());

  const names = async (search: string) => {
    const r = await client.get(
      `${w.shopUrl()}/rapports/produits?${q}&q=${encodeURIComponent(search)}`,
      w.tokens.ownerA,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { items: r.body.items.map((i: any) => i.nom).sort(), totaux: r.body.totaux };
  };

  it('nom sans accents ni casse, référence, code-barres exact ; les totaux suivent', async () => {
    expect((await names('')).items).toEqual(['Café Touba', 'Sucre', 'Thé vert 100%']);
    const cafe = await names('CAFE');
    expect(cafe.items).toEqual(['Café Touba']);
    expect(cafe.totaux).toMatchObject({ quantiteVendue: 2000, caTtc: 3000 });
    expect((await names('thé')).items).toEqual(['Thé vert 100%']);
    expect((await names('caf-0')).items).toEqual(['Café Touba']);
    expect((await names('6001234567899')).items).toEqual(['Thé vert 100%']);
    expect((await names('600123456789')).items).toEqual([]);
  });

  it('les jokers de LIKE sont des caractères comme les autres', async () => {
    expect((await names('%')).items).toEqual(['Thé vert 100%']);
    expect((await names('_')).items).toEqual(['Thé vert 100%']);
  });

  it('filtres vendeur et type de vente : seules leurs ventes, dans les lignes et les totaux, page et CSV', async () => {
    const autreType = await server.ctx.database.db
      .selectFrom('types_ventes')
      .select('id')
      .where('id', '<>', w.typeVente.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [a, b, c] = [
      await w.produit({ prix: 100, stock: 100_000 }),
      await w.produit({ prix: 100, stock: 100_000 }),
      await w.produit({ prix: 100, stock: 100_000 }),
    ];
    // a: the owner, retail; b: the manager, the other type; c: the owner, the other type.
    const sell = (
      produitId: number,
      quantite: number,
      typeVenteId: number,
      token = w.tokens.ownerA,
    ) =>
      w.postVente(
        {
          typeVenteId,
          lignes: [{ produitId, quantite }],
          paiements: [{ mode: 'especes', montant: quantite / 10 }],
        },
        { token },
      );
    for (const [p, qte, type, token] of [
      [a!.id, 1000, w.typeVente.id, w.tokens.ownerA],
      [b!.id, 2000, autreType.id, w.tokens.managerA],
      [c!.id, 3000, autreType.id, w.tokens.ownerA],
    ] as const) {
      const r = await sell(p, qte, type, token);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const ours = new Set([a!.id, b!.id, c!.id]);
    const report = async (filtre: string) => {
      const r = await client.get(`${w.shopUrl()}/rapports/produits?${q}${filtre}`, w.tokens.ownerA);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const items = r.body.items
        .filter((i: any) => ours.has(i.produitId))
        .map((i: any) => [i.produitId, i.quantiteVendue]);
      return {
        items: items.sort((x: number[], y: number[]) => x[0]! - y[0]!),
        totaux: r.body.totaux,
      };
    };
    const vendeur = `&vendeurId=${w.world.managerA.id}`;
    const type = `&typeVenteId=${autreType.id}`;
    const proprio = `&vendeurId=${w.world.ownerA.id}`;
    expect((await report(vendeur)).items).toEqual([[b!.id, 2000]]);
    expect((await report(vendeur)).totaux).toMatchObject({ quantiteVendue: 2000 });
    expect((await report(type)).items).toEqual([
      [b!.id, 2000],
      [c!.id, 3000],
    ]);
    expect((await report(type)).totaux).toMatchObject({ quantiteVendue: 5000 });
    expect((await report(proprio + type)).items).toEqual([[c!.id, 3000]]);
    expect((await report(proprio)).items).toEqual([
      [a!.id, 1000],
      [c!.id, 3000],
    ]);
    const csv = await client.get(
      `${w.shopUrl()}/rapports/produits/export.csv?${q}${vendeur}&sort=nom,asc`,
      w.tokens.ownerA,
    );
    expectAnnouncedRows(csv);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${b!.nom};`));
  });

  it('l’export CSV applique la même recherche', async () => {
    const r = await client.get(
      `${w.shopUrl()}/rapports/produits/export.csv?${q}&q=touba&sort=nom,asc`,
      w.tokens.ownerA,
    );
    expectAnnouncedRows(r);
    const lines = String(r.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'Produit;Référence;Catégorie;Marque;Unité;Quantité vendue;Quantité retournée;CA HT;CA TTC;Retours HT;Retours TTC;Coût;Marge brute;Taux de marge (%);Stock;Valeur du stock',
    );
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="rapport-produits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(lines[1]).toMatch(/^Café Touba;CAF-01;/);
  });
});
