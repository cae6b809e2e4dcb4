import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caisseWorld } from './support/caisses.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * « Vu » on what offline sales left to see (docs/regles-metier.md « Vente hors ligne »): the
 * owner marks an alert as seen; it leaves the dashboard's list (`nonVues`) and stays on its
 * product, with when and by whom. Managers read, never mark; another shop's alert is 404.
 */
describe(`vente hors ligne : alertes vues par le propriétaire (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof caisseWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await caisseWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  const alertesUrl = (shop?: number) => `${w.shopUrl(shop)}/alertes-hors-ligne`;
  const vue = (id: number | string, token = w.tokens.ownerA, shop?: number) =>
    client.post(`${alertesUrl(shop)}/${id}/vue`, undefined, token);
  const get = (url: string, token = w.tokens.ownerA) =>
    client.request('GET', url, { token: token.token });
  const ids = async (query: string) =>
    ((await get(`${alertesUrl()}?${query}`)).body as Array<{ id: number }>).map((a) => a.id);
  const vueRow = (id: number) =>
    server.ctx.database.db
      .selectFrom('alertes_hors_ligne')
      .select(['vue_le', 'vue_par'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** An offline sale of two units of a product holding one: its stock_negatif alert's id. */
  async function alerte(): Promise<{ id: number; produitId: number }> {
    const p = await w.produit({ prix: 1000, stock: 1000 });
    const { caisseId } = await w.caisseOuverte();
    const answer = await client.post(
      `${w.caissesUrl()}/${caisseId}/synchro`,
      {
        clients: [],
        ventes: [
          {
            cleIdempotence: newKey(),
            sequence: 1,
            faiteLe: '2026-06-15T08:30:00.000Z',
            typeVenteId: w.typeVente.id,
            clientId: null,
            lignes: [
              {
                produitId: p.id,
                quantite: 2000,
                nom: p.nom,
                uniteSymbole: 'u',
                prixUnitaire: 1000,
                tauxTva: 0,
              },
            ],
            paiements: [{ mode: 'especes', montant: 2000 }],
          },
        ],
      },
      w.tokens.managerA,
    );
    expect(answer.body.ventes[0].statut, JSON.stringify(answer.body)).toBe('enregistree');
    const [a] = (await get(`${alertesUrl()}?produitId=${p.id}`)).body as Array<{ id: number }>;
    return { id: a!.id, produitId: p.id };
  }

  it('vue par le propriétaire : elle quitte le tableau de bord, reste sur le produit avec qui et quand ; vue deux fois, la première reste', async () => {
    const a = await alerte();
    const b = await alerte();
    expect(await ids('nonVues=true')).toEqual(expect.arrayContaining([a.id, b.id]));

    server.clock.freeze('2026-06-15T09:05:00Z');
    const seen = await vue(a.id);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const owner = await server.ctx.database.db
      .selectFrom('users')
      .select(['prenom', 'nom'])
      .where('id', '=', w.world.ownerA.id)
      .executeTakeFirstOrThrow();
    expect(seen.body).toMatchObject({
      id: a.id,
      type: 'stock_negatif',
      vue: { le: '2026-06-15T09:05:00.000Z', par: owner },
    });

    const dashboard = await ids('nonVues=true');
    expect(dashboard).not.toContain(a.id);
    expect(dashboard).toContain(b.id);
    // Everything is still listed without the filter, and on the product.
    expect(await ids('')).toEqual(expect.arrayContaining([a.id, b.id]));
    const produit = (await get(`${alertesUrl()}?produitId=${a.produitId}`)).body;
    expect(produit).toEqual([
      expect.objectContaining({ id: a.id, vue: { le: '2026-06-15T09:05:00.000Z', par: owner } }),
    ]);
    const other = (await get(`${alertesUrl()}?produitId=${b.produitId}`)).body;
    expect(other).toEqual([expect.objectContaining({ id: b.id, vue: null })]);

    server.clock.freeze('2026-06-15T09:08:00Z');
    const again = await vue(a.id);
    expect(again.status).toBe(200);
    expect(again.body.vue.le).toBe('2026-06-15T09:05:00.000Z');
    server.clock.set('2026-06-15T09:10:00Z');
  });

  it('le gérant lit les alertes mais ne les marque pas ; l’alerte d’une autre boutique est introuvable ; un identifiant invalide est refusé ; rien ne change', async () => {
    const a = await alerte();
    expect((await get(`${alertesUrl()}?nonVues=true`, w.tokens.managerA)).status).toBe(200);
    expectProblem(await vue(a.id, w.tokens.managerA), 403, 'FORBIDDEN');
    // Shop B's owner, on their own shop, with shop A's alert id.
    expectProblem(await vue(a.id, w.tokens.ownerB, w.world.shopB.id), 404, 'NOT_FOUND');
    expectProblem(await vue(999_999_999), 404, 'NOT_FOUND');
    expectValidation(await vue('abc'), 'alerteId');
    expectValidation(await get(`${alertesUrl()}?nonVues=peut-etre`), 'nonVues');
    expect(await vueRow(a.id)).toEqual({ vue_le: null, vue_par: null });
    expect(await ids('nonVues=true')).toContain(a.id);
  });
});
