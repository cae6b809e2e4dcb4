import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`achats : réapprovisionnement des produits sous leur seuil (${TEST_DIALECT})`, () => {
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

  it('un brouillon en une action : jusqu’au seuil plus la couverture, au dernier coût ; rien sous le seuil → 422', async () => {
    const shop = (await createService(server.ctx, w.world.ownerA.id)).id;
    const f = await w.fournisseur('Grossiste du marché', { shop });
    const sous = await w.produit({ prix: 1000, stock: 2000, shop }); // CUMP 500
    const rupture = await w.produit({ prix: 300, stock: 0, shop }); // CUMP 150
    const assez = await w.produit({ prix: 800, stock: 9000, shop });
    const url = `${w.shopUrl(shop)}/achats/reapprovisionnement`;
    const body = {
      cleIdempotence: newKey(),
      fournisseurId: f.id,
      date: '2026-06-15',
      couverture: 3000,
    };
    expectProblem(await client.post(url, body, w.tokens.ownerA), 422, 'BUSINESS_RULE');
    for (const [p, seuil] of [
      [sous, 5000],
      [rupture, 2000],
      [assez, 5000],
    ] as const) {
      const put = await client.get(`${w.shopUrl(shop)}/produits/${p.id}`, w.tokens.ownerA);
      const r = await client.put(
        `${w.shopUrl(shop)}/produits/${p.id}`,
        { ...pick(put.body), seuilAlerte: seuil },
        w.tokens.ownerA,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const draft = await client.post(url, { ...body, cleIdempotence: newKey() }, w.tokens.ownerA);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).toMatchObject({ statut: 'brouillon', fournisseur: { id: f.id } });
    const lignes = draft.body.lignes.map(
      (l: { produitId: number; quantite: number; prixUnitaire: number }) => [
        l.produitId,
        l.quantite,
        l.prixUnitaire,
      ],
    );
    // 5 − 2 + 3 = 6 units at 500; 2 − 0 + 3 = 5 units at 150; the third is above its threshold.
    expect(lignes.sort((a: number[], b: number[]) => a[0]! - b[0]!)).toEqual([
      [sous.id, 6000, 500],
      [rupture.id, 5000, 150],
    ]);
    expect((await w.produitRow(sous.id)).quantite).toBe(2000);
  });
});

/** The fields of PUT …/produits from a product as read. */
function pick(p: Record<string, unknown>) {
  const keys = [
    'nom',
    'reference',
    'codeBarres',
    'uniteId',
    'prixAchat',
    'prixVente',
    'prixGros',
    'tauxTva',
    'seuilAlerte',
    'description',
    'actif',
  ];
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = p[k];
  out['categorieId'] = (p['categorie'] as { id: number } | null)?.id ?? null;
  out['marqueId'] = (p['marque'] as { id: number } | null)?.id ?? null;
  out['uniteId'] = p['uniteId'] ?? (p['unite'] as { id: number } | undefined)?.id;
  return out;
}
