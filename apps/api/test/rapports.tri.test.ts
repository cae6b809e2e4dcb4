import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAPPORT_PRODUITS_SORTS } from '@comptoir/shared';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The product report sorted by each of its columns, both ways, read page by page: the order is the
 * one computed here from the rows themselves (the column's value, a row without value — margin
 * rate without net revenue — last, then the product id), every product once, and the totals of
 * the set the same on every page and for every sort.
 */

type Item = Record<string, number | string | null> & { produitId: number };

describe(`rapport produits : tri par colonne (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const q = 'du=2026-06-01&au=2026-06-30';

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.freeze('2026-06-10T10:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    // Names, prices, stock and quantities that order the products differently column by column;
    // two products of equal figures (ties broken by id).
    const spec = [
      ['Riz parfumé', 1200, 50_000, 3000],
      ['Huile', 2500, 4_000, 1000],
      ['Bissap', 700, 20_000, 6000],
      ['Attiéké', 500, 9_000, 2000],
      ['Attiéké bis', 500, 9_000, 2000],
      ['Zeste', 3000, 30_000, 1000],
    ] as const;
    const ids: number[] = [];
    for (const [nom, prix, stock] of spec) ids.push((await w.produit({ nom, prix, stock })).id);
    const vente = await w.vente({
      lignes: spec.map(([, , , quantite], i) => ({ produitId: ids[i]!, quantite })),
      paiements: [
        {
          mode: 'especes',
          montant: spec.reduce((a, [, prix, , qte]) => a + (prix * qte) / 1000, 0),
        },
      ],
    });
    const ligne = (i: number) => vente.lignes[i].id as number;
    // « Zeste » wholly returned: no net revenue, no margin rate; « Bissap » in part.
    const retour = await client.post(
      `${w.shopUrl()}/ventes/${vente.id}/retours`,
      {
        cleIdempotence: newKey(),
        lignes: [
          { ligneId: ligne(5), quantite: 1000 },
          { ligneId: ligne(2), quantite: 2000 },
        ],
        mode: 'remboursement',
        modeRemboursement: 'especes',
        motif: 'Erreur de caisse',
      },
      w.tokens.ownerA,
    );
    expect(retour.status, JSON.stringify(retour.body)).toBe(201);
  });
  afterAll(() => server.close());

  const page = async (sort: string | null, n: number, size: number) => {
    const r = await client.get(
      `${w.shopUrl()}/rapports/produits?${q}&page=${n}&size=${size}${sort ? `&sort=${sort}` : ''}`,
      w.tokens.ownerA,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { items: Item[]; total: number; totaux: Record<string, number> };
  };

  it('chaque colonne, croissant et décroissant, page par page', async () => {
    const all = await page(null, 1, 50);
    expect(all.total).toBe(6);
    const zeste = all.items.find((i) => i.nom === 'Zeste')!;
    expect(zeste.tauxMarge).toBeNull();
    for (const field of RAPPORT_PRODUITS_SORTS)
      for (const dir of ['asc', 'desc'] as const) {
        const sign = dir === 'asc' ? 1 : -1;
        const key = (i: Item) => i[field] ?? null;
        const expected = [...all.items]
          .sort((a, b) => {
            const [x, y] = [key(a), key(b)];
            if (x === null || y === null)
              return x === y ? a.produitId - b.produitId : x === null ? 1 : -1;
            const c = x < y ? -1 : x > y ? 1 : 0;
            return c !== 0 ? sign * c : a.produitId - b.produitId;
          })
          .map((i) => i.produitId);
        const seen: number[] = [];
        for (let n = 1; n <= 3; n++) {
          const p = await page(`${field},${dir}`, n, 2);
          expect(p.total).toBe(6);
          expect(p.totaux, `${field},${dir} p.${n}`).toEqual(all.totaux);
          seen.push(...p.items.map((i) => i.produitId));
        }
        expect(seen, `${field},${dir}`).toEqual(expected);
      }
  });

  it('une page au-delà de la fin : aucune ligne, les totaux de l’ensemble', async () => {
    const all = await page(null, 1, 50);
    const past = await page('marge,asc', 9, 2);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(6);
    expect(past.totaux).toEqual(all.totaux);
  });
});
