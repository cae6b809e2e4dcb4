import fc from 'fast-check';
import { addDays, joursDe, localDate, shopTimeZone } from '@comptoir/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createService } from './support/factories.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { buyingWorld } from './support/achats.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import {
  expectedDepenses,
  expectedDetail,
  expectedDettes,
  expectedFournisseurs,
  expectedMouvements,
  expectedRapport,
  expectedSeries,
  expectedStock,
  expectedTotaux,
  expectedValorisation,
  rawShop,
  tokenAt,
  value,
} from './tableau.model.js';

/**
 * Every figure of the dashboard and of the reports equals the independent computation of
 * tableau.model.ts over the raw rows, after random histories of sales and returns made through
 * the API at random instants of the last 45 days, in shops of several time zones (Dakar, Paris
 * across its change of time on 29 March, Douala); the sales list with the same days gives the same
 * total.
 */

const NOW = '2026-04-10T21:45:00Z';
const MINUTES = 45 * 24 * 60;
const PAYS = ['SN', 'FR', 'CM'] as const;
const PAIEMENTS = [
  { mode: 'especes' },
  { mode: 'mobile_money', operateur: 'Wave' },
  { mode: 'mobile_money', operateur: 'Orange Money' },
  { mode: 'carte' },
];

const venteOp = fc.record({
  kind: fc.constant('vente' as const),
  at: fc.integer({ min: 0, max: MINUTES }),
  lignes: fc.array(
    fc.record({ produit: fc.nat({ max: 2 }), unites: fc.integer({ min: 1, max: 3 }) }),
    { minLength: 1, maxLength: 3 },
  ),
  paiement: fc.nat({ max: PAIEMENTS.length - 1 }),
  credit: fc.boolean(),
  manager: fc.boolean(),
});
const retourOp = fc.record({
  kind: fc.constant('retour' as const),
  at: fc.integer({ min: 0, max: MINUTES }),
  vente: fc.nat(),
  ligne: fc.nat(),
  unites: fc.integer({ min: 1, max: 2 }),
});
const achatOp = fc.record({
  kind: fc.constant('achat' as const),
  at: fc.integer({ min: 0, max: MINUTES }),
  produit: fc.nat({ max: 2 }),
  unites: fc.integer({ min: 1, max: 5 }),
  prix: fc.integer({ min: 100, max: 900 }),
  /** Nothing paid, half paid, all paid. */
  paye: fc.nat({ max: 2 }),
  /** Due so many days after the purchase, or no due date. */
  echeance: fc.option(fc.integer({ min: 0, max: 30 })),
});
const depenseOp = fc.record({
  kind: fc.constant('depense' as const),
  at: fc.integer({ min: 0, max: MINUTES }),
  montant: fc.integer({ min: 1, max: 50_000 }),
  supprimee: fc.boolean(),
  manager: fc.boolean(),
});
type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;
type Op = Drawn<typeof venteOp | typeof retourOp | typeof achatOp | typeof depenseOp>;

/**
 * A history with every kind of operation, run before the random ones: the checks that the runs
 * did sell, return, buy and spend hold whatever the random histories draw (PostgreSQL's six runs
 * once drew only three returns that went through). Oldest first: 21 sales, 4 purchases and 4
 * expenses, then a return of one unit of each of the first four sales.
 */
const EXAMPLE: [(typeof PAYS)[number], Op[], number, number] = [
  'SN',
  [
    ...Array.from({ length: 21 }, (_, i) => ({
      kind: 'vente' as const,
      at: MINUTES - 60 * (i + 1),
      lignes: [{ produit: i % 3, unites: 1 }],
      paiement: i % PAIEMENTS.length,
      credit: i % 4 === 0,
      manager: i % 2 === 0,
    })),
    ...Array.from({ length: 4 }, (_, i) => ({
      kind: 'achat' as const,
      at: 3000 - 400 * i,
      produit: i % 3,
      unites: 2,
      prix: 400,
      paye: i % 3,
      echeance: i % 2 ? 10 : null,
    })),
    ...Array.from({ length: 4 }, (_, i) => ({
      kind: 'depense' as const,
      at: 1400 - 100 * i,
      montant: 1500 * (i + 1),
      supprimee: i === 3,
      manager: i % 2 === 1,
    })),
    ...Array.from({ length: 4 }, (_, i) => ({
      kind: 'retour' as const,
      at: 600 - 60 * i,
      vente: i,
      ligne: 0,
      unites: 1,
    })),
  ],
  10,
  5,
];

describe(`tableau de bord et rapports = calcul indépendant (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    // The subscription starts before the oldest sale of the histories.
    server.clock.set(new Date(Date.parse(NOW) - MINUTES * 60_000 - 7_200_000));
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  const tokenOf = (who: 'ownerA' | 'managerA') =>
    tokenAt(server.clock, w.world[who], who === 'ownerA' ? 'ROLE_PROPRIETAIRE' : 'ROLE_GERANT');

  it('chaque chiffre égale le calcul sur les ventes, retours et mouvements bruts', async () => {
    const { db } = server.ctx.database;
    const seen = { ventes: 0, retours: 0, achats: 0, depenses: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAYS),
        fc.array(fc.oneof({ arbitrary: venteOp, weight: 3 }, retourOp, achatOp, depenseOp), {
          minLength: 4,
          maxLength: 18,
        }),
        fc.integer({ min: 1, max: 44 }),
        fc.integer({ min: 0, max: 10 }),
        async (pays, ops, startBack, length) => {
          const shop = (await createService(server.ctx, w.world.ownerA.id)).id;
          await db
            .updateTable('services')
            .set({ pays, assujetti_tva: 1, prix_ttc: pays === 'FR' ? 0 : 1 })
            .where('id', '=', shop)
            .execute();
          await addMember(server.ctx, shop, w.world.managerA.id);
          const zone = shopTimeZone(pays);
          server.clock.freeze(new Date(Date.parse(NOW) - MINUTES * 60_000 - 3_600_000));
          const setup = await tokenOf('ownerA');
          const categorie = async (nom: string) =>
            (await client.post(`/api/services/${shop}/categories`, { nom }, setup)).body.id;
          const [boissons, epicerie] = [await categorie('Boissons'), await categorie('Épicerie')];
          const produits: Array<{ id: number; prixAchat: number }> = [];
          for (const [prix, tauxTva, categorieId] of [
            [1250, 1800, boissons],
            [999, 1000, epicerie],
            [333, 0, undefined],
          ] as const)
            produits.push(
              await w.produit({ prix, tauxTva, categorieId, stock: 12_000, shop, token: setup }),
            );
          await db
            .updateTable('produits')
            .set({ seuil_alerte: 6000 })
            .where('id', '=', produits[0]!.id)
            .execute();
          const clientId = (await w.clientNamed('Client', { shop, token: setup })).id;
          const fournisseurId = (await w.fournisseur(undefined, { shop, token: setup })).id;
          const categorieDepense = (
            await client.get(`/api/services/${shop}/categories-depenses`, setup)
          ).body[0].id;
          const ventes: Array<{ id: number; lignes: Array<{ id: number; quantite: number }> }> = [];
          const sorted = [...ops].sort((a, b) => b.at - a.at);
          for (const o of sorted) {
            server.clock.freeze(new Date(Date.parse(NOW) - o.at * 60_000));
            const owner = await tokenOf('ownerA');
            const manager = await tokenOf('managerA');
            if (o.kind === 'vente') {
              const lignes = o.lignes.map((l) => ({
                produitId: produits[l.produit]!.id,
                quantite: l.unites * 1000,
              }));
              // Part paid (at most the smallest total, 333), the rest owed by the customer.
              const answer = await w.postVente(
                {
                  lignes,
                  clientId,
                  paiements: o.credit ? [] : [{ ...PAIEMENTS[o.paiement]!, montant: 300 }],
                  echeance: addDays(localDate(server.clock.now(), zone), 7),
                },
                { shop, token: o.manager ? manager : owner },
              );
              expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
              if (answer.status === 201) ventes.push(answer.body);
            } else if (o.kind === 'retour') {
              if (!ventes.length) continue;
              const v = ventes[o.vente % ventes.length]!;
              const ligne = v.lignes[o.ligne % v.lignes.length]!;
              const answer = await client.post(
                `/api/services/${shop}/ventes/${v.id}/retours`,
                {
                  cleIdempotence: newKey(),
                  lignes: [{ ligneId: ligne.id, quantite: o.unites * 1000 }],
                  mode: 'remboursement',
                  modeRemboursement: 'especes',
                },
                manager,
              );
              expect([201, 422]).toContain(answer.status);
            } else if (o.kind === 'achat') {
              const date = localDate(server.clock.now(), zone);
              const total = o.unites * o.prix;
              const paye = [0, Math.ceil(total / 2), total][o.paye]!;
              await w.achat(
                {
                  fournisseurId,
                  date,
                  echeance: o.echeance === null ? null : addDays(date, o.echeance),
                  lignes: [
                    {
                      produitId: produits[o.produit]!.id,
                      quantite: o.unites * 1000,
                      prixUnitaire: o.prix,
                    },
                  ],
                },
                paye ? [{ mode: 'especes', montant: paye }] : [],
                { shop, token: owner },
              );
              seen.achats += 1;
            } else if (o.kind === 'depense') {
              const url = `/api/services/${shop}/depenses`;
              const answer = await client.post(
                url,
                {
                  cleIdempotence: newKey(),
                  categorieId: categorieDepense,
                  libelle: 'Dépense',
                  montant: o.montant,
                  date: localDate(server.clock.now(), zone),
                  mode: 'especes',
                },
                o.manager ? manager : owner,
              );
              expect(answer.status, JSON.stringify(answer.body)).toBe(201);
              if (o.supprimee)
                expect(
                  (await client.request('DELETE', `${url}/${answer.body.id}`, owner)).status,
                ).toBe(204);
              seen.depenses += 1;
            }
          }
          server.clock.freeze(NOW);
          await check(
            shop,
            zone,
            startBack,
            length,
            new Map(produits.map((p) => [p.id, p.prixAchat])),
          );
          seen.ventes += ventes.length;
          seen.retours += (
            await db.selectFrom('retours').select('id').where('service_id', '=', shop).execute()
          ).length;
        },
      ),
      // The example counts among the runs.
      { numRuns: TEST_DIALECT === 'postgres' ? 7 : 11, examples: [EXAMPLE] },
    );
    // The runs did sell and return.
    expect(seen.ventes).toBeGreaterThan(20);
    expect(seen.retours).toBeGreaterThan(3);
    expect(seen.achats).toBeGreaterThan(3);
    expect(seen.depenses).toBeGreaterThan(3);
    await checkAllShops();
  }, 600_000);

  /** « Toutes mes boutiques »: supplier debts and expenses of every shop, per currency. */
  async function checkAllShops() {
    const { db } = server.ctx.database;
    const t = (await client.get('/api/tableau?periode=30j', await tokenOf('ownerA'))).body;
    const shops = await db
      .selectFrom('services')
      .select(['id', 'devise', 'pays'])
      .where('owner_id', '=', w.world.ownerA.id)
      .execute();
    expect(t.devises.map((d: any) => d.devise).sort()).toEqual(
      [...new Set(shops.map((s) => s.devise))].sort(),
    );
    for (const block of t.devises) {
      const expected = {
        fournisseurs: { solde: 0, enRetard: 0, fournisseurs: 0 },
        depenses: { nombre: 0, montant: 0, precedent: { nombre: 0, montant: 0 } },
      };
      for (const s of shops.filter((x) => x.devise === block.devise)) {
        const raw = await rawShop(server.ctx, s.id);
        const today = localDate(server.clock.now(), shopTimeZone(s.pays));
        const f = expectedFournisseurs(raw, today);
        const d = expectedDepenses(raw, { du: addDays(today, -29), au: today });
        const b = expectedDepenses(raw, { du: addDays(today, -59), au: addDays(today, -30) });
        expected.fournisseurs.solde += f.solde;
        expected.fournisseurs.enRetard += f.enRetard;
        expected.fournisseurs.fournisseurs += f.fournisseurs;
        expected.depenses.nombre += d.nombre;
        expected.depenses.montant += d.montant;
        expected.depenses.precedent.nombre += b.nombre;
        expected.depenses.precedent.montant += b.montant;
      }
      expect(block.fournisseurs).toEqual(expected.fournisseurs);
      expect(block.depenses).toEqual(expected.depenses);
    }
  }

  async function check(
    shop: number,
    zone: string,
    startBack: number,
    length: number,
    /** Each product's cost when it was created. */
    opening: Map<number, number>,
  ) {
    const raw = await rawShop(server.ctx, shop);
    const today = localDate(server.clock.now(), zone);
    const url = `/api/services/${shop}`;
    const auth = await tokenOf('ownerA');

    // 30 days, against the 30 days before.
    const t = (await client.get(`${url}/tableau?periode=30j`, auth)).body;
    const p = { du: addDays(today, -29), au: today };
    expect(t.periode).toEqual(p);
    expect(t.totaux).toEqual(expectedTotaux(raw, p));
    expect(t.totauxPrecedents).toEqual(
      expectedTotaux(raw, { du: addDays(today, -59), au: addDays(today, -30) }),
    );
    const series = expectedSeries(raw, joursDe(p));
    expect(t.parJour).toEqual(series.parJour);
    expect(t.parHeure).toEqual(series.parHeure);
    const detail = expectedDetail(raw, p);
    const key = (x: { mode: string; operateur: string | null }) => `${x.mode}|${x.operateur}`;
    const byKey = (a: any, b: any) => (key(a) < key(b) ? -1 : 1);
    expect([...t.paiements].sort(byKey)).toEqual([...detail.paiements].sort(byKey));
    expect(t.topProduits.map((x: any) => x.caTtc)).toEqual(
      detail.produits.slice(0, 10).map((x) => x.caTtc),
    );
    for (const x of t.topProduits)
      expect(x).toMatchObject(detail.produits.find((d) => d.produitId === x.produitId)!);
    expect(
      t.vendeurs.map((x: any) => ({ userId: x.userId, nombre: x.nombre, caTtc: x.caTtc })),
    ).toEqual(expect.arrayContaining(detail.vendeurs));
    expect(t.vendeurs).toHaveLength(detail.vendeurs.length);
    expect(t.dettes).toEqual(expectedDettes(raw, today));
    expect(t.stock).toEqual(expectedStock(raw));
    expect(t.fournisseurs).toEqual(expectedFournisseurs(raw, today));
    expect(t.depenses).toEqual({
      ...expectedDepenses(raw, p),
      precedent: expectedDepenses(raw, { du: addDays(today, -59), au: addDays(today, -30) }),
    });
    // The lists they come from agree.
    const dettesF = (await client.get(`${url}/dettes-fournisseurs`, auth)).body;
    expect(dettesF.totaux).toEqual(t.fournisseurs);
    const dep = (await client.get(`${url}/depenses?du=${p.du}&au=${p.au}`, auth)).body;
    expect({ nombre: dep.totaux.nombre, montant: dep.totaux.montant }).toEqual({
      nombre: t.depenses.nombre,
      montant: t.depenses.montant,
    });
    // The manager's day and week: the expenses of those days.
    const g = (await client.get(`${url}/tableau/gerant`, await tokenOf('managerA'))).body;
    expect(g.aujourdhui.depenses).toEqual(expectedDepenses(raw, { du: today, au: today }));
    expect(g.semaine.depenses).toEqual(expectedDepenses(raw, g.semaine));

    // The sales list with the same days: the same count and total.
    const list = (await client.get(`${url}/ventes?du=${p.du}&au=${p.au}`, auth)).body;
    expect(list.totaux.nombre).toBe(t.totaux.nombreVentes);
    expect(list.totaux.totalTtc).toBe(t.totaux.caTtc);
    // Each seller's line opens the sales list filtered on them, each category's line the product
    // report filtered on it (same days): the same figures.
    for (const v of t.vendeurs) {
      const q = `du=${p.du}&au=${p.au}&vendeurId=${v.userId}`;
      const sv = (await client.get(`${url}/ventes?${q}`, auth)).body;
      expect([sv.totaux.nombre, sv.totaux.totalTtc]).toEqual([v.nombre, v.caTtc]);
    }
    for (const c of t.topCategories.filter((x: any) => x.categorieId !== null)) {
      const q = `du=${p.du}&au=${p.au}&categorieId=${c.categorieId}&size=1`;
      const rc = (await client.get(`${url}/rapports/produits?${q}`, auth)).body;
      expect(rc.totaux.caTtc).toBe(c.caTtc);
    }

    // The product report over the same 30 days, which hold the returns of the example history.
    const r30 = (await client.get(`${url}/rapports/produits?du=${p.du}&au=${p.au}&size=200`, auth))
      .body;
    const e30 = expectedRapport(raw, p, {});
    expect(r30.total).toBe(e30.length);
    for (const e of e30)
      expect(r30.items.find((i: any) => i.produitId === e.produitId)).toMatchObject(e);

    // A chosen period: dashboard, product report, movements.
    const du = addDays(today, -startBack);
    const au = addDays(du, length) > today ? today : addDays(du, length);
    const q = `du=${du}&au=${au}`;
    const c = (await client.get(`${url}/tableau?periode=personnalisee&${q}`, auth)).body;
    expect(c.totaux).toEqual(expectedTotaux(raw, { du, au }));
    expect(c.parJour).toEqual(expectedSeries(raw, joursDe({ du, au })).parJour);
    for (const filtre of ['', `&vendeurId=${w.world.managerA.id}`]) {
      const r = (await client.get(`${url}/rapports/produits?${q}&size=200${filtre}`, auth)).body;
      const expected = expectedRapport(
        raw,
        { du, au },
        filtre ? { vendeurId: w.world.managerA.id } : {},
      );
      expect(r.total).toBe(expected.length);
      for (const e of expected)
        expect(r.items.find((i: any) => i.produitId === e.produitId)).toMatchObject(e);
      const sum = (k: keyof (typeof expected)[number]) =>
        expected.reduce((a, e) => a + (e[k] as number), 0);
      expect(r.totaux).toMatchObject({
        caTtc: sum('caTtc'),
        cout: sum('cout'),
        marge: sum('marge'),
      });
    }
    const m = (await client.get(`${url}/rapports/mouvements?${q}`, auth)).body;
    expect(m.types).toEqual(expect.arrayContaining(expectedMouvements(raw, { du, au })));
    expect(m.types).toHaveLength(expectedMouvements(raw, { du, au }).length);

    // Stock valuation at the end of a past day, from the ledger, at the cost in force that day;
    // today, at the cost and quantity of each product now, which the replay agrees with.
    for (const date of [du, today]) {
      const v = (await client.get(`${url}/rapports/stock?date=${date}`, auth)).body;
      const ev = expectedValorisation(raw, date, opening);
      expect(v.total.valeur).toBe([...ev.values()].reduce((a, x) => a + x.valeur, 0));
      expect(v.total.quantite).toBe([...ev.values()].reduce((a, x) => a + x.quantite, 0));
      expect(v.categories).toHaveLength(ev.size);
      for (const c of v.categories) expect(c).toMatchObject(ev.get(c.categorieId)!);
    }
    const now = (await client.get(`${url}/rapports/stock`, auth)).body;
    expect(now.total.valeur).toBe(
      raw.produits.reduce((a, p) => a + value(p.quantite, p.prix_achat), 0),
    );
  }
});
