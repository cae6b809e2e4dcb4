import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, createUser, subscribe } from './support/factories.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { expectValidation } from './support/problem.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { tokenAt } from './tableau.model.js';

/**
 * Dashboards on known histories: the shop's calendar (a sale at 23:30 in Dakar is that day's, one
 * at 23:30 in Paris too, though it is already the next day in UTC or not), « Toutes mes
 * boutiques » per currency, the manager's day and week, the admin's platform, bad input.
 */

describe(`tableau de bord : fuseaux, devises, gérant, administrateur (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let dakar: number;
  let paris: number;

  /** A sale of `prix` at `instant` in `shop`, paid in cash, by `who`. */
  const as = (who: 'ownerA' | 'managerA' | 'ownerB' | 'admin') =>
    tokenAt(
      server.clock,
      w.world[who],
      who === 'admin' ? 'ROLE_ADMIN' : who === 'managerA' ? 'ROLE_GERANT' : 'ROLE_PROPRIETAIRE',
    );

  async function sale(
    shop: number,
    instant: string,
    prix: number,
    seller: 'ownerA' | 'managerA' = 'ownerA',
  ) {
    server.clock.freeze(instant);
    const p = await w.produit({ prix, stock: 1000, shop, token: await as('ownerA') });
    const who = await as(seller);
    return w.vente(
      {
        lignes: [{ produitId: p.id, quantite: 1000 }],
        paiements: [{ mode: 'especes', montant: prix }],
      },
      { shop, token: who },
    );
  }

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.freeze('2026-06-10T08:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    const { db } = server.ctx.database;
    dakar = w.world.shopA.id;
    await db.updateTable('services').set({ pays: 'SN' }).where('id', '=', dakar).execute();
    paris = (await createService(server.ctx, w.world.ownerA.id, { nom: 'Lyon', devise: 'EUR' })).id;
    await db.updateTable('services').set({ pays: 'FR' }).where('id', '=', paris).execute();
    // Dakar (UTC+0): 14 June 23:30 and 15 June 00:30. Paris (UTC+2 in June): 14 June 23:30 is
    // 21:30 UTC, 15 June 00:30 is 14 June 22:30 UTC.
    await sale(dakar, '2026-06-14T23:30:00Z', 1000);
    await sale(dakar, '2026-06-15T00:30:00Z', 2000, 'managerA');
    await sale(paris, '2026-06-14T21:30:00Z', 1250);
    await sale(paris, '2026-06-14T22:30:00Z', 3000);
    server.clock.freeze('2026-06-15T12:00:00Z');
  });
  afterAll(() => server.close());

  const get = async (path: string, who: Parameters<typeof as>[0] = 'ownerA') =>
    client.get(path, await as(who));

  it('une vente à 23 h 30 appartient à ce jour-là, à Dakar comme à Paris', async () => {
    const d = (
      await get(`/api/services/${dakar}/tableau?periode=personnalisee&du=2026-06-14&au=2026-06-15`)
    ).body;
    expect(d.parJour.map((j: any) => [j.jour, j.caTtc])).toEqual([
      ['2026-06-14', 1000],
      ['2026-06-15', 2000],
    ]);
    expect(d.parHeure[23]).toEqual({ heure: 23, nombre: 1, caTtc: 1000 });
    expect(d.parHeure[0]).toEqual({ heure: 0, nombre: 1, caTtc: 2000 });
    const p = (
      await get(`/api/services/${paris}/tableau?periode=personnalisee&du=2026-06-14&au=2026-06-15`)
    ).body;
    expect(p.parJour.map((j: any) => [j.jour, j.caTtc])).toEqual([
      ['2026-06-14', 1250],
      ['2026-06-15', 3000],
    ]);
    expect(p.parHeure[23]!.caTtc).toBe(1250);
    expect(p.parHeure[0]!.caTtc).toBe(3000);
    // « Aujourd'hui » is the shop's 15 June, compared with its 14 June.
    const today = (await get(`/api/services/${paris}/tableau`)).body;
    expect(today.periode).toEqual({ du: '2026-06-15', au: '2026-06-15' });
    expect(today.totaux).toMatchObject({ nombreVentes: 1, caTtc: 3000, panierMoyen: 3000 });
    expect(today.totauxPrecedents).toMatchObject({ nombreVentes: 1, caTtc: 1250 });
    // The sales list with the same day agrees.
    const list = (await get(`/api/services/${paris}/ventes?du=2026-06-15&au=2026-06-15`)).body;
    expect(list.totaux).toMatchObject({ nombre: 1, totalTtc: 3000 });
  });

  it('toutes mes boutiques : un bloc par devise, jamais de francs CFA ajoutés à des euros', async () => {
    const body = (await get('/api/tableau?periode=7j')).body;
    const byDevise = Object.fromEntries(body.devises.map((d: any) => [d.devise, d]));
    expect(Object.keys(byDevise).sort()).toEqual(['EUR', 'XOF']);
    expect(byDevise.XOF.totaux).toMatchObject({ nombreVentes: 2, caTtc: 3000 });
    expect(byDevise.EUR.totaux).toMatchObject({ nombreVentes: 2, caTtc: 4250 });
    expect(byDevise.EUR.boutiques).toEqual([
      {
        id: paris,
        nom: 'Lyon',
        periode: { du: '2026-06-09', au: '2026-06-15' },
        precedente: { du: '2026-06-02', au: '2026-06-08' },
      },
    ]);
    expect(byDevise.XOF.vendeurs.map((v: any) => [v.userId, v.caTtc])).toEqual([
      [w.world.managerA.id, 2000],
      [w.world.ownerA.id, 1000],
    ]);
    // Another owner sees only their own shops.
    const other = (await get('/api/tableau?periode=7j', 'ownerB')).body;
    expect(other.devises.every((d: any) => d.totaux.nombreVentes === 0)).toBe(true);
  });

  it('gérant : son jour et sa semaine, ses propres ventes', async () => {
    const g = (await get(`/api/services/${dakar}/tableau/gerant`, 'managerA')).body;
    expect(g.aujourdhui).toMatchObject({
      du: '2026-06-15',
      nombreVentes: 1,
      caTtc: 2000,
      mesVentes: { nombre: 1, caTtc: 2000 },
    });
    // 15 June 2026 is a Monday: the week is that day only; on Tuesday it holds both days.
    expect(g.semaine.du).toBe('2026-06-15');
    server.clock.freeze('2026-06-16T12:00:00Z');
    const tuesday = (await get(`/api/services/${dakar}/tableau/gerant`, 'managerA')).body;
    expect(tuesday.semaine).toMatchObject({ du: '2026-06-15', au: '2026-06-16', nombreVentes: 1 });
    expect(tuesday.aujourdhui.nombreVentes).toBe(0);
    server.clock.freeze('2026-06-15T12:00:00Z');
  });

  it('administrateur : comptes, abonnements, boutiques sans vente depuis 30 jours', async () => {
    const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    await subscribe(server.ctx, owner.id, { dateDebut: '2026-01-01', dateFin: '2026-06-30' });
    const idle = await createService(server.ctx, owner.id, { nom: 'Sans vente' });
    const a = (await get('/api/tableau/admin', 'admin')).body;
    expect(a.abonnements.expirantSous30Jours).toBeGreaterThanOrEqual(1);
    expect(a.boutiquesSansVente.map((s: any) => s.id)).toContain(idle.id);
    expect(a.boutiquesSansVente.map((s: any) => s.id)).not.toContain(dakar);
    expect(a.revenusParMois).toContainEqual(
      expect.objectContaining({ mois: '2026-01', devise: 'XOF' }),
    );
  });

  it('mauvaises entrées : 400 en français, jamais une 500', async () => {
    const url = `/api/services/${dakar}`;
    for (const q of [
      'periode=hier',
      'periode=personnalisee&du=2026-06-10',
      'periode=personnalisee&du=2026-06-10&au=2026-06-01',
      'periode=personnalisee&du=2020-01-01&au=2026-06-01',
      'periode=personnalisee&du=2026-02-30&au=2026-03-01',
    ])
      expectValidation(await get(`${url}/tableau?${q}`));
    for (const q of [
      '',
      'du=2026-06-01&au=2026-06-30&sort=prix,asc',
      'du=2026-06-01&au=2026-06-30&categorieId=abc',
      'du=2026-06-01&au=2026-06-30&size=1000',
    ])
      expectValidation(await get(`${url}/rapports/produits?${q}`));
    expectValidation(await get(`${url}/rapports/stock?date=demain`));
    expectValidation(await get(`${url}/rapports/mouvements?du=2026-06-30&au=2026-06-01`));
  });
});
