import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { tokenAt } from './tableau.model.js';

/**
 * A cost corrected by hand on the product's form is part of the stock value's history (issue 13,
 * migration 051). In euro cents, a shop in Paris: 10 bought at 10 € on 1 June, one sold on the 2nd,
 * the cost corrected to 15 € on the 3rd at 23:30 (Paris: still the 3rd). The value at the end of
 * the 2nd keeps 10 €; from the 3rd on, 15 €, the same as today with no movement since. A purchase
 * on the 6th averages from 15 €: (9 × 15 € + 10 × 25 €) ÷ 19 = 20,263 € → 2 026 cents; from then
 * its movement's cost counts, not the correction's. The sale of the 2nd keeps its own cost.
 */

const AT = {
  achat: '2026-06-01T08:00:00Z',
  vente: '2026-06-02T09:00:00Z',
  correction: '2026-06-03T21:30:00Z', // 23:30 in Paris: still the 3rd
  avantAchat: '2026-06-05T12:00:00Z',
  achat2: '2026-06-06T10:00:00Z',
  today: '2026-06-10T12:00:00Z',
};

describe(`valeur du stock : un coût corrigé à la main compte à partir de son jour (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.freeze(AT.achat);
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('la veille garde l’ancien coût, le jour même et la suite le nouveau ; un achat suivant part du coût corrigé ; une saisie refusée ne change rien', async () => {
    const { db } = server.ctx.database;
    server.clock.freeze(AT.achat);
    const shop = (await createService(server.ctx, w.world.ownerA.id, { devise: 'EUR' })).id;
    await db.updateTable('services').set({ pays: 'FR' }).where('id', '=', shop).execute();
    await db
      .insertInto('service_members')
      .values({ service_id: shop, user_id: w.world.managerA.id })
      .execute();
    const owner = () => tokenAt(server.clock, w.world.ownerA, 'ROLE_PROPRIETAIRE');
    const gerant = () => tokenAt(server.clock, w.world.managerA, 'ROLE_GERANT');
    const url = `/api/services/${shop}`;
    const creer = async (nom: string) => {
      const r = await client.post(
        `${url}/produits`,
        { nom, uniteId: w.unite.id, prixVente: 5000, prixAchat: 0, tauxTva: 0 },
        await owner(),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body as { id: number; codeBarres: string };
    };
    const riz = await creer('Riz');
    const sucre = await creer('Sucre');
    const fournisseurId = (await w.fournisseur(undefined, { shop, token: await owner() })).id;
    const acheter = async (at: string, unites: number, prixUnitaire: number) => {
      server.clock.freeze(at);
      return w.achat(
        {
          fournisseurId,
          date: at.slice(0, 10),
          lignes: [{ produitId: riz.id, quantite: unites * 1000, prixUnitaire }],
        },
        [],
        { shop, token: await owner() },
      );
    };
    const valeur = async (date?: string) => {
      const r = await client.get(
        `${url}/rapports/stock${date ? `?date=${date}` : ''}`,
        await owner(),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return [r.body.total.quantite, r.body.total.valeur];
    };
    const modifier = async (champs: Record<string, unknown>, token?: { token: string }) =>
      client.put(
        `${url}/produits/${riz.id}`,
        {
          nom: 'Riz',
          uniteId: w.unite.id,
          prixVente: 5000,
          prixAchat: 1500,
          tauxTva: 0,
          codeBarres: riz.codeBarres,
          ...champs,
        },
        token ?? (await owner()),
      );
    const corrections = async () =>
      (
        await db
          .selectFrom('couts_corriges')
          .select('id')
          .where('produit_id', '=', riz.id)
          .execute()
      ).length;
    const coutVendu = async () => {
      const r = await client.get(
        `${url}/rapports/produits?du=2026-06-02&au=2026-06-02`,
        await owner(),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.totaux.cout;
    };

    await acheter(AT.achat, 10, 1000);
    server.clock.freeze(AT.vente);
    await w.vente(
      {
        lignes: [{ produitId: riz.id, quantite: 1000 }],
        paiements: [{ mode: 'especes', montant: 5000 }],
      },
      { shop, token: await owner() },
    );
    expect(await coutVendu()).toBe(1000);

    // The correction, by the product's form.
    server.clock.freeze(AT.correction);
    const put = await modifier({});
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.prixAchat).toBe(1500);
    expect(await corrections()).toBe(1);

    server.clock.freeze(AT.avantAchat);
    const avant = [
      ['2026-06-02', 9000, 9 * 1000],
      ['2026-06-03', 9000, 9 * 1500],
      ['2026-06-04', 9000, 9 * 1500],
    ] as const;
    for (const [day, q, v] of avant) expect(await valeur(day), day).toEqual([q, v]);
    // Yesterday with no movement since reads as today.
    expect(await valeur()).toEqual([9000, 9 * 1500]);
    // The sale of the 2nd keeps the cost copied on its line.
    expect(await coutVendu()).toBe(1000);

    // Refused input writes neither the cost nor its history.
    const problemes = [
      [await modifier({ prixAchat: -1 }), 400],
      [await modifier({ prixAchat: 3000, codeBarres: sucre.codeBarres }), 409],
      [await modifier({ prixAchat: 3000, categorieId: 999_999 }), 400],
      [await modifier({ prixAchat: 3000, actif: false }, await gerant()), 403],
    ] as const;
    for (const [r, status] of problemes) expect(r.status, JSON.stringify(r.body)).toBe(status);
    // The same cost again (another field changed) is no correction.
    expect((await modifier({ nom: 'Riz parfumé' })).status).toBe(200);
    expect(await corrections()).toBe(1);
    expect((await w.produitRow(riz.id)).prixAchat).toBe(1500);
    for (const [day, q, v] of avant) expect(await valeur(day), day).toEqual([q, v]);
    expect(await valeur()).toEqual([9000, 9 * 1500]);

    // The next purchase averages from the corrected cost; its movement's cost counts from then on.
    await acheter(AT.achat2, 10, 2500);
    const ligne = await db
      .selectFrom('achat_lignes')
      .select(['cump_avant', 'cump_apres'])
      .where('produit_id', '=', riz.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([Number(ligne.cump_avant), Number(ligne.cump_apres)]).toEqual([1500, 2026]);
    expect((await w.produitRow(riz.id)).prixAchat).toBe(2026);
    server.clock.freeze(AT.today);
    for (const [day, q, v] of [
      ...avant,
      ['2026-06-05', 9000, 9 * 1500],
      ['2026-06-06', 19_000, 19 * 2026],
      ['2026-06-09', 19_000, 19 * 2026],
    ] as const)
      expect(await valeur(day), day).toEqual([q, v]);
    expect(await valeur()).toEqual([19_000, 19 * 2026]);
    expect(await coutVendu()).toBe(1000);
  });
});
