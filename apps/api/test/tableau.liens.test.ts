import {
  LIENS_TABLEAU,
  hrefTableau,
  lienCategorie,
  lienJour,
  lienPaiement,
  lienProduit,
  lienVendeur,
  type Jours,
  type LienTableau,
  type ListeTableau,
} from '@comptoir/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { devisBody, prestation } from './devis.fixtures.js';
import { tokenAt } from './tableau.model.js';

/**
 * Every linked figure of the owner's dashboard of one shop equals the total of the list its link
 * opens: the link is built by the web's own rules (LIENS_TABLEAU, lienPaiement, …), its query
 * (without `periode=perso`, which the page turns into the same days) is sent to the list's API, and
 * the list's total is compared with the figure. The history mixes payment modes (mobile money of
 * two operators with cash and card in one sale), line and global discounts, VAT, a converted quote
 * with a line without product, two sellers, debts, an expense, and returns on a later day.
 */

/** The API of each list page. */
const API: Record<ListeTableau, string> = {
  ventes: 'ventes',
  rapportProduits: 'rapports/produits',
  depenses: 'depenses',
};

describe(`tableau de bord : chaque chiffre lié = total de la liste ouverte (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let shop: number;
  const produits: number[] = [];

  const as = (who: 'ownerA' | 'managerA') =>
    tokenAt(server.clock, w.world[who], who === 'ownerA' ? 'ROLE_PROPRIETAIRE' : 'ROLE_GERANT');

  /** The list the link opens, asked with the link's own query. */
  async function listOf(l: LienTableau, j: Jours) {
    const href = new URL(hrefTableau(l, j), 'http://comptoir.test');
    const params = new URLSearchParams(href.searchParams);
    expect(params.get('periode')).toBe('perso');
    params.delete('periode');
    const answer = await client.get(
      `/api/services/${shop}/${API[l.liste]}?${params.toString()}`,
      await as('ownerA'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.freeze('2026-06-01T08:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    shop = w.world.shopA.id;
    const { db } = server.ctx.database;
    await db
      .updateTable('services')
      .set({ pays: 'SN', assujetti_tva: 1, prix_ttc: 1 })
      .where('id', '=', shop)
      .execute();
    const owner = await as('ownerA');
    const boissons = (
      await client.post(`/api/services/${shop}/categories`, { nom: 'Boissons' }, owner)
    ).body.id;
    produits.push(
      (
        await w.produit({
          prix: 1250,
          tauxTva: 1800,
          categorieId: boissons,
          stock: 50_000,
          token: owner,
        })
      ).id,
      (await w.produit({ prix: 999, tauxTva: 1000, stock: 50_000, token: owner })).id,
    );
    const [p1, p2] = produits as [number, number];
    const clientId = (await w.clientNamed('Awa Ndiaye', { token: owner })).id;
    const echeance = '2026-07-15';
    const sell = async (
      at: string,
      who: 'ownerA' | 'managerA',
      body: Parameters<typeof w.vente>[0],
    ) => {
      server.clock.freeze(at);
      return w.vente({ clientId, echeance, ...body }, { token: await as(who) });
    };
    // 10 June: a line discount, cash and mobile money (Orange), the rest owed.
    const s1 = await sell('2026-06-10T09:15:00Z', 'ownerA', {
      lignes: [{ produitId: p1, quantite: 3000, remise: { type: 'pourcent', valeur: 1000 } }],
      paiements: [
        { mode: 'especes', montant: 1000 },
        { mode: 'mobile_money', montant: 2000, operateur: 'Orange Money' },
      ],
    });
    // 10 June, the manager: a global discount, mobile money (Wave) and card.
    const s2 = await sell('2026-06-10T17:40:00Z', 'managerA', {
      lignes: [
        { produitId: p1, quantite: 1000 },
        { produitId: p2, quantite: 2000 },
      ],
      remiseGlobale: { type: 'montant', valeur: 300 },
      paiements: [
        { mode: 'mobile_money', montant: 1500, operateur: 'Wave' },
        { mode: 'carte', montant: 500 },
      ],
    });
    // 11 June: an amount off a line, cash and Orange again.
    await sell('2026-06-11T11:05:00Z', 'ownerA', {
      lignes: [{ produitId: p2, quantite: 4000, remise: { type: 'montant', valeur: 100 } }],
      paiements: [
        { mode: 'especes', montant: 2000 },
        { mode: 'mobile_money', montant: 1000, operateur: 'Orange Money' },
      ],
    });
    // 11 June: a converted quote, a product and a line without product, paid by transfer.
    server.clock.freeze('2026-06-11T15:00:00Z');
    const later = await as('ownerA');
    const devis = await client.post(
      `/api/services/${shop}/devis`,
      devisBody(clientId, w.typeVente.id, [
        { produitId: p1, quantite: 2000 },
        prestation('Livraison', 3500, 1800),
      ]),
      later,
    );
    expect(devis.status, JSON.stringify(devis.body)).toBe(201);
    const url = `/api/services/${shop}/devis/${devis.body.id}`;
    expect((await client.post(`${url}/acceptation`, undefined, later)).status).toBe(200);
    const conv = await client.post(
      `${url}/conversion`,
      { cleIdempotence: newKey(), paiements: [{ mode: 'virement', montant: 1000 }], echeance },
      later,
    );
    expect(conv.status, JSON.stringify(conv.body)).toBe(201);
    const categorieDepense = (await client.get(`/api/services/${shop}/categories-depenses`, later))
      .body[0].id;
    const depense = await client.post(
      `/api/services/${shop}/depenses`,
      {
        cleIdempotence: newKey(),
        categorieId: categorieDepense,
        libelle: 'Transport',
        montant: 1500,
        date: '2026-06-11',
        mode: 'especes',
      },
      later,
    );
    expect(depense.status, JSON.stringify(depense.body)).toBe(201);
    // 12 June: returns of 10 June's sales (counted on the 12th), and one cash sale.
    server.clock.freeze('2026-06-12T10:00:00Z');
    for (const [sale, ligne, quantite] of [
      [s1, 0, 1000],
      [s2, 1, 1000],
    ] as const) {
      const answer = await client.post(
        `/api/services/${shop}/ventes/${sale.id}/retours`,
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId: sale.lignes[ligne].id, quantite }],
          mode: 'remboursement',
          modeRemboursement: 'especes',
        },
        await as('managerA'),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    await sell('2026-06-12T16:30:00Z', 'managerA', {
      lignes: [{ produitId: p2, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 999 }],
    });
    server.clock.freeze('2026-06-12T20:00:00Z');
  });
  afterAll(() => server.close());

  const PERIODES: Jours[] = [
    { du: '2026-06-10', au: '2026-06-12' },
    { du: '2026-06-10', au: '2026-06-11' },
    { du: '2026-06-12', au: '2026-06-12' },
  ];

  it.each(PERIODES)('du $du au $au : chaque chiffre = le total de sa liste', async (asked) => {
    const d = (
      await client.get(
        `/api/services/${shop}/tableau?periode=personnalisee&du=${asked.du}&au=${asked.au}`,
        await as('ownerA'),
      )
    ).body;
    const j: Jours = d.periode;
    expect(j).toEqual(asked);
    const t = d.totaux;

    const ventes = (await listOf(LIENS_TABLEAU.caTtc, j)).totaux;
    expect(ventes.totalTtc, 'CA TTC').toBe(t.caTtc);
    expect((await listOf(LIENS_TABLEAU.ventes, j)).totaux.nombre, 'Ventes').toBe(t.nombreVentes);
    const panier = (await listOf(LIENS_TABLEAU.panier, j)).totaux;
    expect(panier.nombre ? Math.round(panier.totalTtc / panier.nombre) : 0, 'Panier').toBe(
      t.panierMoyen,
    );

    const toutes = (l: LienTableau) => listOf(l, j).then((r) => r.toutesVentes);
    expect((await toutes(LIENS_TABLEAU.caHt)).caHt, 'CA HT').toBe(t.caHt);
    expect((await toutes(LIENS_TABLEAU.marge)).margeBrute, 'Marge brute').toBe(t.margeBrute);
    const retours = await toutes(LIENS_TABLEAU.retours);
    expect([retours.nombreRetours, retours.retoursTtc], 'Retours').toEqual([
      t.nombreRetours,
      t.retoursTtc,
    ]);

    const depenses = (await listOf(LIENS_TABLEAU.depenses, j)).totaux;
    expect([depenses.nombre, depenses.montant], 'Dépenses').toEqual([
      d.depenses.nombre,
      d.depenses.montant,
    ]);

    for (const v of d.vendeurs) {
      const list = (await listOf(lienVendeur(v.userId), j)).totaux;
      expect([list.nombre, list.totalTtc], `vendeur ${v.userId}`).toEqual([v.nombre, v.caTtc]);
    }
    for (const c of d.topCategories) {
      const l = lienCategorie(c.categorieId);
      if (l) expect((await listOf(l, j)).totaux.caTtc, `catégorie ${c.nom}`).toBe(c.caTtc);
    }
    for (const p of d.topProduits) {
      const report = await listOf(lienProduit(p.produitId), j);
      expect(report.items.map((r: { produitId: number }) => r.produitId)).toEqual([p.produitId]);
      expect([report.totaux.quantiteVendue, report.totaux.caTtc], `produit ${p.nom}`).toEqual([
        p.quantite,
        p.caTtc,
      ]);
    }
    // Each day's bars of the « par jour » chart: CA TTC and margin of that day alone.
    expect(d.parJour.map((x: { jour: string }) => x.jour)[0]).toBe(j.du);
    for (const x of d.parJour) {
      const ca = lienJour('caTtc', x.jour);
      expect((await listOf(ca.lien, ca.jours)).totaux.totalTtc, `CA du ${x.jour}`).toBe(x.caTtc);
      const m = lienJour('marge', x.jour);
      expect((await listOf(m.lien, m.jours)).toutesVentes.margeBrute, `marge du ${x.jour}`).toBe(
        x.marge,
      );
    }
    let linked = 0;
    for (const p of d.paiements) {
      const l = lienPaiement(p, d.paiements);
      if (!l) continue;
      linked += 1;
      const list = (await listOf(l, j)).totaux;
      expect(list.montantMode, `paiement ${p.mode} ${p.operateur ?? ''}`).toBe(p.montant);
    }
    // Every mode of this history is linked: no mode here mixes rows with and without operator.
    expect(linked).toBe(d.paiements.length);
  });

  it('l’historique met à l’épreuve ce que les listes ne voient pas d’elles-mêmes', async () => {
    const j = PERIODES[0]!;
    const d = (
      await client.get(
        `/api/services/${shop}/tableau?periode=personnalisee&du=${j.du}&au=${j.au}`,
        await as('ownerA'),
      )
    ).body;
    // Mobile money of two operators, and a sale paid in three modes at once.
    expect(d.paiements.map((p: { mode: string; operateur: string | null }) => p.operateur)).toEqual(
      expect.arrayContaining(['Orange Money', 'Wave']),
    );
    const mixed = (await listOf({ liste: 'ventes', filtres: { mode: 'mobile_money' } }, j)).totaux;
    expect(mixed.montantPaye).toBeGreaterThan(mixed.montantMode);
    // The products' rows leave out the quote's line without product: only toutesVentes has it.
    const report = await listOf(LIENS_TABLEAU.caHt, j);
    expect(report.totaux.caHt).toBeLessThan(report.toutesVentes.caHt);
    // Returns of 10 June's sales made on the 12th: the 12th's figure, not the sale day's.
    const douze = (await listOf(LIENS_TABLEAU.retours, PERIODES[2]!)).toutesVentes;
    expect(douze.nombreRetours).toBe(2);
    const ventesDouze = (await listOf(LIENS_TABLEAU.ventes, PERIODES[2]!)).totaux;
    expect(ventesDouze.montantRetourne).toBe(0);
    // Two sellers, and a discount on a line and on a whole sale.
    expect(d.vendeurs).toHaveLength(2);
    const lignes = await server.ctx.database.db
      .selectFrom('vente_lignes')
      .select(['remise_ligne', 'remise_globale'])
      .where('service_id', '=', shop)
      .execute();
    expect(lignes.some((l) => Number(l.remise_ligne) > 0)).toBe(true);
    expect(lignes.some((l) => Number(l.remise_globale) > 0)).toBe(true);
  });

  it('mauvaises entrées des nouveaux filtres : 400 en français', async () => {
    const owner = await as('ownerA');
    const base = `/api/services/${shop}`;
    for (const path of [
      `${base}/rapports/produits?du=2026-06-10&au=2026-06-12&produitId=abc`,
      `${base}/ventes?mode=mobile_money&operateur=${'x'.repeat(41)}`,
      `${base}/ventes?operateur=%20`,
    ]) {
      const answer = await client.get(path, owner);
      expect(answer.status, path).toBe(400);
    }
  });
});
