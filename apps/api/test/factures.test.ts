import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { expectAnnouncedRows } from './support/export.js';
import { login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectFrench, expectProblem, expectValidation } from './support/problem.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Invoices: issue (one sale, several sales of a customer), snapshot of lines and totals, one invoice
 * per sale, derived status, idempotency, bad input and other shops. Expected figures are written by
 * hand from the sales' prices (not recomputed by the code under test).
 */
describe(`factures (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const url = (path = '', shop?: number) => `${w.shopUrl(shop)}/factures${path}`;
  const db = () => server.ctx.database.db;
  const emettre = (body: Record<string, unknown>, token = w.tokens.ownerA, shop?: number) =>
    client.post(url('', shop), { cleIdempotence: newKey(), ...body }, token);
  const creditSale = async (clientId: number, prix: number, quantite = 1000) => {
    const p = await w.produit({ prix, stock: 100_000, tauxTva: 2000 });
    return w.vente({
      clientId,
      echeance: localDay(10, server.clock),
      lignes: [{ produitId: p.id, quantite }],
    });
  };

  /** The clock moved by days: fresh access tokens (they last 15 minutes). */
  const relogin = async () => {
    for (const who of ['ownerA', 'managerA', 'ownerB'] as const)
      w.tokens[who].token = (await login(client, w.world[who].email)).token;
  };

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-03-10T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    // Shop A is liable to VAT, prices entered TTC (arrangement of the file, not under test).
    await db()
      .updateTable('services')
      .set({ assujetti_tva: 1, prix_ttc: 1, devise: 'EUR' })
      .where('id', '=', w.world.shopA.id)
      .execute();
  });
  afterAll(() => server.close());

  it('facture d’une vente : F-2026-000001, lignes HT par taux et remises figées, totaux de la vente, statut payée', async () => {
    const a = await w.produit({ prix: 1200, stock: 10_000, tauxTva: 2000 });
    const b = await w.produit({ prix: 1055, stock: 10_000, tauxTva: 550 });
    const cli = (
      await client.post(
        `${w.shopUrl()}/clients`,
        {
          nom: 'Société Alpha',
          adresse: '3 rue des Lilas, 75011 Paris',
          professionnel: true,
          siren: '732829320',
          adresseLivraison: 'Entrepôt 7, 93200 Saint-Denis',
        },
        w.tokens.ownerA,
      )
    ).body;
    const vente = await w.vente({
      clientId: cli.id,
      lignes: [
        { produitId: a.id, quantite: 2000, remise: { type: 'montant', valeur: 240 } },
        { produitId: b.id, quantite: 1000 },
      ],
      paiements: [{ mode: 'especes', montant: 3215 }],
    });
    const answer = await emettre({ venteIds: [vente.id], nature: 'biens' });
    expect(answer.status).toBe(201);
    const f = answer.body;
    expect(f.numero).toBe('F-2026-000001');
    expect(f.client).toMatchObject({
      id: cli.id,
      nom: 'Société Alpha',
      adresse: '3 rue des Lilas, 75011 Paris',
      siren: '732829320',
      adresseLivraison: 'Entrepôt 7, 93200 Saint-Denis',
      professionnel: true,
    });
    expect(f.ventes).toEqual([{ id: vente.id, numero: vente.numero, createdAt: vente.createdAt }]);
    // 2 × 12,00 TTC at 20 % less 2,40 → 21,60 TTC = 18,00 HT + 3,60; 1 × 10,55 TTC at 5,5 % = 10,00 HT + 0,55.
    expect(f.lignes).toMatchObject([
      {
        quantite: 2000,
        prixUnitaireHt: 1000,
        tauxTva: 2000,
        remise: 200,
        montantHt: 1800,
        montantTva: 360,
        montantTtc: 2160,
      },
      {
        quantite: 1000,
        prixUnitaireHt: 1000,
        tauxTva: 550,
        remise: 0,
        montantHt: 1000,
        montantTva: 55,
        montantTtc: 1055,
      },
    ]);
    expect(f.tva).toEqual([
      { tauxTva: 550, baseHt: 1000, montantTva: 55 },
      { tauxTva: 2000, baseHt: 1800, montantTva: 360 },
    ]);
    expect(f).toMatchObject({ totalHt: 2800, totalTva: 415, totalTtc: 3215, totalRemises: 200 });
    expect([f.totalTtc, f.totalHt + f.totalTva]).toEqual([vente.totalTtc, vente.totalTtc]);
    expect(f).toMatchObject({ statut: 'payee', reste: 0, credit: 'aucun', montantAvoirs: 0 });
    // The shop's term (30 days) from today, the sale's day on the shop's calendar.
    expect(f).toMatchObject({
      echeance: '2026-04-09',
      dateDebut: '2026-03-10',
      dateFin: '2026-03-10',
    });

    // Immutable: the shop's later changes do not reach the issued invoice.
    await db()
      .updateTable('services')
      .set({ nom: 'Nouveau nom' })
      .where('id', '=', w.world.shopA.id)
      .execute();
    const again = await client.get(url(`/${f.id}`), w.tokens.ownerA);
    expect(again.body.vendeur.nom).toBe(f.vendeur.nom);
    expect(again.body).toEqual(f);
    await db()
      .updateTable('services')
      .set({ nom: 'Boutique A' })
      .where('id', '=', w.world.shopA.id)
      .execute();
  });

  it('une vente n’est facturée qu’une fois : 409 nommant la facture, rien d’écrit', async () => {
    const cli = await w.clientNamed('Client unique');
    const vente = await creditSale(cli.id, 500);
    const first = await emettre({ venteIds: [vente.id] });
    expect(first.status).toBe(201);
    const before = await snapshot(server.ctx);
    const second = await emettre({ venteIds: [vente.id] });
    expectProblem(second, 409, 'CONFLICT');
    expect(second.body.detail).toBe(
      `La vente ${vente.numero} est déjà facturée (${first.body.numero}).`,
    );
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
    // Nor inside a « récapitulative » with another sale.
    const other = await creditSale(cli.id, 700);
    expectProblem(await emettre({ venteIds: [other.id, vente.id] }), 409, 'CONFLICT');
  });

  it('facture récapitulative : ventes pas encore facturées d’un client sur une période, puis une facture pour toutes', async () => {
    const cli = await w.clientNamed('Client du mois');
    const autre = await w.clientNamed('Autre client');
    server.clock.set('2026-03-02T10:00:00Z');
    const v1 = await creditSale(cli.id, 1000);
    server.clock.set('2026-03-05T10:00:00Z');
    const v2 = await creditSale(cli.id, 2000, 2000);
    const horsClient = await creditSale(autre.id, 3000);
    server.clock.set('2026-03-10T09:00:00Z');
    const v3 = await creditSale(cli.id, 4000);
    const facturables = await client.get(
      url(`/ventes-facturables?clientId=${cli.id}&du=2026-03-01&au=2026-03-06`),
      w.tokens.ownerA,
    );
    expect(facturables.status).toBe(200);
    expect(facturables.body.map((v: { id: number }) => v.id)).toEqual([v1.id, v2.id]);

    const mixed = await emettre({ venteIds: [v1.id, horsClient.id] });
    expectProblem(mixed, 422, 'BUSINESS_RULE');
    expectFrench(mixed.body.detail);

    const f = (await emettre({ venteIds: [v2.id, v1.id], echeance: '2026-04-30' })).body;
    expect(f.ventes.map((v: { id: number }) => v.id)).toEqual([v1.id, v2.id]);
    expect(f.lignes.map((l: { venteId: number }) => l.venteId)).toEqual([v1.id, v2.id]);
    expect(f).toMatchObject({
      dateDebut: '2026-03-02',
      dateFin: '2026-03-05',
      echeance: '2026-04-30',
      totalTtc: 5000,
      statut: 'impayee',
      reste: 5000,
    });
    const after = await client.get(url(`/ventes-facturables?clientId=${cli.id}`), w.tokens.ownerA);
    expect(after.body.map((v: { id: number }) => v.id)).toEqual([v3.id]);
  });

  it('vente au comptant sans client : facturée au client choisi ; sans client → 422', async () => {
    const p = await w.produit({ prix: 900, stock: 10_000 });
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'carte', montant: 900 }],
    });
    const sans = await emettre({ venteIds: [vente.id] });
    expectProblem(sans, 422, 'BUSINESS_RULE');
    expect(sans.body.detail).toBe(
      'Choisissez le client à qui adresser la facture : ces ventes n’en ont pas.',
    );
    // An invoice names its buyer: a customer without a billing address is refused, nothing written.
    const cli = await w.clientNamed('Passant pressé');
    const before = await snapshot(server.ctx);
    const sansAdresse = await emettre({ venteIds: [vente.id], clientId: cli.id });
    expectProblem(sansAdresse, 422, 'BUSINESS_RULE');
    expect(sansAdresse.body.detail).toBe(
      'Une facture nomme son acheteur : donnez l’adresse de facturation de « Passant pressé » avant de facturer une vente sans client.',
    );
    expectFrench(sansAdresse.body.detail);
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
    const adresse = '8 rue du Port, 13002 Marseille';
    const put = await client.put(
      `${w.shopUrl()}/clients/${cli.id}`,
      { nom: 'Passant pressé', adresse },
      w.tokens.ownerA,
    );
    expect(put.status).toBe(200);
    const f = await emettre({ venteIds: [vente.id], clientId: cli.id });
    expect(f.status).toBe(201);
    expect(f.body).toMatchObject({
      client: { id: cli.id, nom: 'Passant pressé', adresse },
      statut: 'payee',
    });
    const pdf = await client.get(url(`/${f.body.id}/facture.pdf`), w.tokens.ownerA);
    expect(pdf.status).toBe(200);
  });

  it('lignes déjà retournées : la facture ne porte que le reste ; une vente entièrement retournée → 422', async () => {
    const cli = await w.clientNamed('Client qui rend');
    const p = await w.produit({ prix: 1000, stock: 10_000 });
    const vente = await w.vente({
      clientId: cli.id,
      lignes: [{ produitId: p.id, quantite: 3000 }],
      paiements: [{ mode: 'especes', montant: 3000 }],
    });
    const retour = async (quantite: number) =>
      client.post(
        `${w.shopUrl()}/ventes/${vente.id}/retours`,
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId: vente.lignes[0].id, quantite }],
          mode: 'remboursement',
          modeRemboursement: 'especes',
        },
        w.tokens.ownerA,
      );
    expect((await retour(1000)).status).toBe(201);
    const other = await w.vente({
      clientId: cli.id,
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
    });
    expect(
      (
        await client.post(
          `${w.shopUrl()}/ventes/${other.id}/retours`,
          {
            cleIdempotence: newKey(),
            lignes: [{ ligneId: other.lignes[0].id, quantite: 1000 }],
            mode: 'remboursement',
            modeRemboursement: 'especes',
          },
          w.tokens.ownerA,
        )
      ).status,
    ).toBe(201);
    const entier = await emettre({ venteIds: [other.id] });
    expectProblem(entier, 422, 'BUSINESS_RULE');
    expect(entier.body.detail).toBe(
      `La vente ${other.numero} a été entièrement retournée : rien à facturer.`,
    );
    const f = (await emettre({ venteIds: [vente.id] })).body;
    expect(f.lignes).toMatchObject([{ quantite: 2000, montantTtc: 2000 }]);
    expect(f.totalTtc).toBe(2000);
  });

  it('statut dérivé des paiements et dettes : impayée, partiellement payée, en retard, payée', async () => {
    const cli = await w.clientNamed('Client à crédit');
    const vente = await creditSale(cli.id, 10_000);
    const f = (await emettre({ venteIds: [vente.id], echeance: localDay(5, server.clock) })).body;
    const statut = async () => (await client.get(url(`/${f.id}`), w.tokens.ownerA)).body;
    expect(await statut()).toMatchObject({ statut: 'impayee', reste: 10_000 });
    const regler = (montant: number) =>
      client.post(
        `${w.shopUrl()}/clients/${cli.id}/reglements`,
        { cleIdempotence: newKey(), mode: 'especes', montant },
        w.tokens.ownerA,
      );
    expect((await regler(4000)).status).toBe(201);
    expect(await statut()).toMatchObject({ statut: 'partiellement_payee', reste: 6000 });
    server.clock.advance(6 * 24 * 3600 * 1000);
    await relogin();
    expect(await statut()).toMatchObject({ statut: 'en_retard', reste: 6000 });
    const list = await client.get(url('?statut=en_retard'), w.tokens.ownerA);
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(f.id);
    expect((await regler(6000)).status).toBe(201);
    expect(await statut()).toMatchObject({ statut: 'payee', reste: 0 });
    const payees = await client.get(url('?statut=en_retard'), w.tokens.ownerA);
    expect(payees.body.items.map((i: { id: number }) => i.id)).not.toContain(f.id);
    server.clock.set('2026-03-10T09:00:00Z');
    await relogin();
  });

  it('idempotence : même clé et même demande → la première facture ; autre demande → 409', async () => {
    const cli = await w.clientNamed('Client pressé');
    const v1 = await creditSale(cli.id, 100);
    const v2 = await creditSale(cli.id, 200);
    const cleIdempotence = newKey();
    const first = await client.post(url(), { cleIdempotence, venteIds: [v1.id] }, w.tokens.ownerA);
    const replay = await client.post(url(), { cleIdempotence, venteIds: [v1.id] }, w.tokens.ownerA);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await client.post(url(), { cleIdempotence, venteIds: [v2.id] }, w.tokens.ownerA);
    expectProblem(other, 409, 'CONFLICT');
    expect(other.body.detail).toBe('Cette clé a déjà servi pour une autre facture.');
  });

  it('mauvaises entrées : 400/422 en français, rien d’écrit', async () => {
    const cli = await w.clientNamed('Client témoin');
    const vente = await creditSale(cli.id, 300);
    const before = await snapshot(server.ctx);
    expectValidation(await emettre({ venteIds: [] }), 'venteIds');
    expectValidation(await emettre({ venteIds: ['x'] }), 'venteIds.0');
    expectValidation(await emettre({ venteIds: [vente.id], nature: 'autre' }), 'nature');
    expectValidation(await emettre({ venteIds: [vente.id], echeance: '2026-02-30' }), 'echeance');
    expectValidation(
      await client.post(url(), { venteIds: [vente.id] }, w.tokens.ownerA),
      'cleIdempotence',
    );
    expectProblem(await emettre({ venteIds: [vente.id, 2_000_000] }), 404, 'NOT_FOUND');
    const tot = await emettre({ venteIds: [vente.id], echeance: '2026-01-01' });
    expectProblem(tot, 422, 'BUSINESS_RULE');
    expect(tot.body.detail).toBe('L’échéance ne peut pas précéder la date de la vente.');
    expectValidation(await client.get(url('?statut=perdue'), w.tokens.ownerA), 'statut');
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
  });

  it('autre boutique et gérant : la vente d’une autre boutique est introuvable, le gérant n’a pas accès', async () => {
    const pB = await w.produit({
      prix: 500,
      stock: 10_000,
      shop: w.world.shopB.id,
      token: w.tokens.ownerB,
    });
    const venteB = await w.vente(
      {
        lignes: [{ produitId: pB.id, quantite: 1000 }],
        paiements: [{ mode: 'especes', montant: 500 }],
      },
      { shop: w.world.shopB.id, token: w.tokens.ownerB },
    );
    const cli = await w.clientNamed('Client de A');
    const before = await snapshot(server.ctx);
    expectProblem(await emettre({ venteIds: [venteB.id], clientId: cli.id }), 404, 'NOT_FOUND');
    const vente = await creditSale(cli.id, 100);
    const mid = await snapshot(server.ctx);
    expectProblem(await emettre({ venteIds: [vente.id] }, w.tokens.managerA), 403, 'FORBIDDEN');
    expect(changedTables(mid, await snapshot(server.ctx))).toEqual([]);
    expect(changedTables(before, mid)).not.toContain('factures');
    const f = (await emettre({ venteIds: [vente.id] })).body;
    expectProblem(
      await client.get(url(`/${f.id}`, w.world.shopB.id), w.tokens.ownerB),
      404,
      'NOT_FOUND',
    );
    const listB = await client.get(url('', w.world.shopB.id), w.tokens.ownerB);
    expect(listB.body.items).toEqual([]);
  });

  it('aucune route ne modifie une facture émise : seules lecture et avoir existent sous /factures/:factureId', () => {
    const routes = server.ctx.routes.filter((r) => r.url.includes('/factures/:factureId'));
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes)
      expect(
        r.method === 'GET' || (r.method === 'POST' && /\/(avoirs|envoi)$/.test(r.url)),
        `${r.method} ${r.url}`,
      ).toBe(true);
    const writes = server.ctx.routes.filter(
      (r) => r.method !== 'GET' && r.method !== 'POST' && /factures|avoirs/.test(r.url),
    );
    expect(writes).toEqual([]);
  });

  it('liste : filtres, tri, totaux de l’ensemble filtré et export CSV', async () => {
    const cli = await w.clientNamed('Client listé');
    const v1 = await creditSale(cli.id, 1111);
    const v2 = await creditSale(cli.id, 2222);
    const f1 = (await emettre({ venteIds: [v1.id] })).body;
    const f2 = (await emettre({ venteIds: [v2.id] })).body;
    const page = await client.get(url(`?clientId=${cli.id}&sort=numero,asc`), w.tokens.ownerA);
    expect(page.status).toBe(200);
    expect(page.body.items.map((i: { numero: string }) => i.numero)).toEqual([
      f1.numero,
      f2.numero,
    ]);
    expect(page.body.totaux).toMatchObject({
      nombre: 2,
      totalTtc: 3333,
      reste: 3333,
      montantAvoirs: 0,
    });
    const q = await client.get(url(`?q=${encodeURIComponent('listé')}`), w.tokens.ownerA);
    expect(q.body.total).toBe(2);
    // The invoice of one sale (a sale's detail), none for a sale not invoiced.
    const ofSale = await client.get(url(`?venteId=${v2.id}`), w.tokens.ownerA);
    expect(ofSale.body.items.map((i: { id: number }) => i.id)).toEqual([f2.id]);
    const v3 = await creditSale(cli.id, 3333);
    expect((await client.get(url(`?venteId=${v3.id}`), w.tokens.ownerA)).body.total).toBe(0);
    const csv = await client.get(
      url(`/export.csv?clientId=${cli.id}&sort=numero,asc`),
      w.tokens.ownerA,
    );
    expectAnnouncedRows(csv);
    expect(String(csv.headers.get('content-type'))).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Numéro;Date;Client;Échéance;Total HT;Total TTC;Avoirs;Reste à payer;Statut;Avoir',
    );
    expect(lines[1]).toContain(`${f1.numero};10/03/2026;Client listé;`);
    expect(lines[1]).toContain(';11,11;0;11,11;Impayée;');
  });
});
