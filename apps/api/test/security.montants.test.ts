import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_QUANTITY_MAX } from '@comptoir/shared';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { cle, nouveauClient, nouveauProduit, referentiels } from './ventes.fixtures.js';

/**
 * Amounts stay exact integers (issue 10, item 4): a line, a document total, a stock quantity or a
 * stock value beyond the bounds of shared/money.ts is refused with a French 422 and nothing is
 * written, on SQLite and PostgreSQL (whose bigint would otherwise overflow).
 */
describe(`montants bornés (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let owner: { token: string };
  let manager: { token: string };
  let ref: Awaited<ReturnType<typeof referentiels>>;
  const shop = () => world.shopA.id;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    owner = { token: (await login(client, world.ownerA.email)).token };
    manager = { token: (await login(client, world.managerA.email)).token };
    ref = await referentiels(server.ctx);
  });
  afterAll(() => server.close());

  const counts = async () => {
    const { db } = server.ctx.database;
    const n = async (t: 'ventes' | 'vente_lignes' | 'mouvements_stock' | 'dettes') =>
      Number(
        (
          await db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      ventes: await n('ventes'),
      lignes: await n('vente_lignes'),
      mouvements: await n('mouvements_stock'),
      dettes: await n('dettes'),
    };
  };

  let clientId: number;
  /** A credit sale to a customer without a credit limit: only the amounts can stop it. */
  const vente = (lignes: Array<{ produitId: number; quantite: number }>) => ({
    cleIdempotence: cle(),
    typeVenteId: ref.detail,
    clientId,
    echeance: '2099-12-31',
    lignes,
    paiements: [],
  });

  it('une ligne de 10^19 ou 500 lignes dont le total dépasse la borne : 422, rien d’enregistré', async () => {
    const cher = await nouveauProduit(client, owner, shop(), {
      nom: 'Lingot',
      uniteId: ref.piece,
      prixVente: 1e13,
      stockInitial: 1e12,
    });
    clientId = await nouveauClient(client, owner, shop(), 'Awa Ndiaye');
    const before = await counts();
    const une = await client.post(
      `/api/services/${shop()}/ventes`,
      vente([{ produitId: cher, quantite: 1e9 }]),
      manager,
    );
    expect(expectProblem(une, 422, 'BUSINESS_RULE').detail).toMatch(/ligne 1 dépasse la limite/);
    const lignes = Array.from({ length: 500 }, () => ({ produitId: cher, quantite: 100_000 }));
    const cinqCents = await client.post(`/api/services/${shop()}/ventes`, vente(lignes), manager);
    expect(expectProblem(cinqCents, 422, 'BUSINESS_RULE').detail).toMatch(/total du document/);
    expect(await counts()).toEqual(before);
    const { body: produit } = await client.get(`/api/services/${shop()}/produits/${cher}`, owner);
    expect(produit.quantite).toBe(1e12);
  });

  it('stock : une quantité ou une valeur au-delà des bornes est refusée avant le registre', async () => {
    const before = await counts();
    const precieux = await client.post(
      `/api/services/${shop()}/produits`,
      { nom: 'Diamant', uniteId: ref.piece, prixVente: 1, prixAchat: 1e13, stockInitial: 1e12 },
      owner,
    );
    expectProblem(precieux, 422, 'BUSINESS_RULE');
    const produits = await server.ctx.database.db
      .selectFrom('produits')
      .select('id')
      .where('nom', '=', 'Diamant')
      .execute();
    expect(produits).toEqual([]);
    expect((await counts()).mouvements).toBe(before.mouvements);

    const plein = await nouveauProduit(client, owner, shop(), {
      nom: 'Sable',
      uniteId: ref.kg,
      prixVente: 1,
      stockInitial: STOCK_QUANTITY_MAX,
    });
    const after = await counts();
    const trop = await client.post(
      `/api/services/${shop()}/produits/${plein}/ajustements`,
      { quantite: 1000, motif: 'Arrivage' },
      owner,
    );
    expectProblem(trop, 422, 'BUSINESS_RULE');
    expect(await counts()).toEqual(after);
    const { body } = await client.get(`/api/services/${shop()}/produits/${plein}`, owner);
    expect(body.quantite).toBe(STOCK_QUANTITY_MAX);

    // A purchase price that would take the stock's value beyond the bound.
    const prix = await client.put(
      `/api/services/${shop()}/produits/${plein}`,
      { nom: 'Sable', uniteId: ref.kg, prixVente: 1, prixAchat: 1e13 },
      owner,
    );
    expectProblem(prix, 422, 'BUSINESS_RULE');
    const { body: inchange } = await client.get(`/api/services/${shop()}/produits/${plein}`, owner);
    expect(inchange.prixAchat).toBe(0);

    // An imported line whose opening stock is worth more than the bound.
    const importe = await client.post(
      `/api/services/${shop()}/produits/import`,
      {
        lignes: [{ nom: 'Or', unite: 'pièce', prixVente: 1, prixAchat: 1e13, stockInitial: 1e12 }],
      },
      owner,
    );
    expect(importe.status, JSON.stringify(importe.body)).toBeGreaterThanOrEqual(400);
    expect(importe.status).toBeLessThan(500);
    expect(JSON.stringify(importe.body)).toMatch(/valeur du stock initial/);
    const or = await server.ctx.database.db
      .selectFrom('produits')
      .select('id')
      .where('nom', '=', 'Or')
      .execute();
    expect(or).toEqual([]);
  });
});
