import { localDate, shopTimeZone } from '@comptoir/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, dayFromToday, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { nouveauClient, nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

describe(`ventes : liste, export, détail, mouvements, impressions (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'ownerA' | 'managerA' | 'ownerB', { token: string }>;
  const url = (path = '', shop = world.shopA.id) => `/api/services/${shop}/ventes${path}`;
  const ventes: any[] = [];
  let fatou: number;

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : ni l'année des numéros ni les échéances ne suivent la date réelle.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['ownerA', 'managerA', 'ownerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
    const ref = await referentiels(server.ctx);
    const the = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Thé vert',
      uniteId: ref.piece,
      prixVente: 500,
      stockInitial: 1_000_000,
    });
    fatou = await nouveauClient(client, token.ownerA, world.shopA.id, 'Fatou Sène');
    const cheikh = await nouveauClient(client, token.ownerA, world.shopA.id, 'Cheikh Ba');
    const sell = async (auth: { token: string }, n: number, rest: object) =>
      ventes.push(
        (
          await client.post(
            url(),
            panier(ref.detail, [{ produitId: the, quantite: n * 1000 }], rest),
            auth,
          )
        ).body,
      );
    // Two sales of yesterday (the shop's day): made with the clock a day back.
    server.clock.advance(-86_400_000);
    await sell(token.ownerA, 1, { paiements: [{ mode: 'especes', montant: 500 }] });
    await sell(token.managerA, 2, {
      paiements: [{ mode: 'mobile_money', montant: 1000, operateur: 'Wave' }],
    });
    server.clock.advance(86_400_000);
    await sell(token.managerA, 3, {
      clientId: fatou,
      echeance: dayFromToday(7, server.clock),
      paiements: [{ mode: 'especes', montant: 500 }],
    });
    await sell(token.ownerA, 4, { clientId: cheikh, echeance: dayFromToday(7, server.clock) });
    await sell(token.ownerA, 5, {
      clientId: fatou,
      paiements: [
        { mode: 'carte', montant: 1500 },
        { mode: 'especes', montant: 1000, recu: 5000 },
      ],
    });
  });
  afterAll(() => server.close());

  it('liste : plus récentes d’abord, totaux de l’ensemble filtré, pages', async () => {
    const { body } = await client.get(url('?size=2'), token.managerA);
    expect(body.total).toBe(5);
    expect(body.items.map((v: any) => v.id)).toEqual([ventes[4].id, ventes[3].id]);
    expect(body.totaux).toEqual({
      nombre: 5,
      totalTtc: 7500,
      montantPaye: 4500,
      montantRetourne: 0,
      reste: 3000,
      montantMode: null,
    });
    expect(body.items[0]).toMatchObject({
      numero: ventes[4].numero,
      nombreLignes: 1,
      client: { nom: 'Fatou Sène' },
      modes: ['carte', 'especes'],
      statut: 'payee',
      reste: 0,
    });
    const sorted = (await client.get(url('?sort=total_ttc,asc&size=3&page=2'), token.managerA))
      .body;
    expect(sorted.items.map((v: any) => v.totalTtc)).toEqual([2000, 2500]);
  });

  it('filtres : période (jours inclus), vendeur, client, mode, statut, recherche par numéro ou client', async () => {
    // The test shop's calendar (Abidjan, services.pays 'CI'), not the machine's.
    const today = server.clock.now();
    const local = (d: Date) => localDate(d, shopTimeZone('CI'));
    const yesterday = local(new Date(today.getTime() - 86_400_000));
    const ids = async (q: string) =>
      (await client.get(url(`?size=50&${q}`), token.ownerA)).body.items
        .map((v: any) => v.id)
        .sort((a: number, b: number) => a - b);
    expect(await ids(`du=${local(today)}&au=${local(today)}`)).toEqual([
      ventes[2].id,
      ventes[3].id,
      ventes[4].id,
    ]);
    expect(await ids(`au=${yesterday}`)).toEqual([ventes[0].id, ventes[1].id]);
    expect(await ids(`vendeurId=${world.managerA.id}`)).toEqual([ventes[1].id, ventes[2].id]);
    expect(await ids(`clientId=${fatou}`)).toEqual([ventes[2].id, ventes[4].id]);
    expect(await ids('mode=especes')).toEqual([ventes[0].id, ventes[2].id, ventes[4].id]);
    expect(await ids('mode=mobile_money')).toEqual([ventes[1].id]);
    expect(await ids('statut=a_credit')).toEqual([ventes[3].id]);
    expect(await ids('statut=partiellement_payee')).toEqual([ventes[2].id]);
    expect(await ids('q=sene')).toEqual([ventes[2].id, ventes[4].id]);
    expect(await ids(`q=${ventes[1].numero.slice(-6)}`)).toEqual([ventes[1].id]);
    const filtered = (await client.get(url('?clientId=' + fatou), token.ownerA)).body.totaux;
    expect(filtered).toEqual({
      nombre: 2,
      totalTtc: 4000,
      montantPaye: 3000,
      montantRetourne: 0,
      reste: 1000,
      montantMode: null,
    });
    // Filtered on a mode: the sales' total paid, and what they paid in that mode only (the sale
    // paid by card and in cash brings its cash).
    const cash = (await client.get(url('?mode=especes'), token.ownerA)).body.totaux;
    expect([cash.nombre, cash.montantMode]).toEqual([3, 2000]);
    expect(cash.montantPaye).toBeGreaterThan(cash.montantMode);
    const wave = (await client.get(url('?mode=mobile_money&operateur=Wave'), token.ownerA)).body;
    expect([wave.total, wave.totaux.montantMode]).toEqual([1, 1000]);
    expect(await ids('mode=mobile_money&operateur=Orange')).toEqual([]);
    expectValidation(
      await client.get(url('?mode=troc&du=2026-02-30&sort=prix,asc'), token.ownerA),
      'mode',
      'du',
      'sort',
    );
  });

  it('export CSV : BOM, « ; », en-têtes français, montants en FCFA sans décimales, mêmes filtres', async () => {
    const answer = await client.get(url(`/export.csv?clientId=${fatou}`), token.managerA);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const raw = Buffer.from(
      await (
        await fetch(`${server.baseUrl}${url(`/export.csv?clientId=${fatou}`)}`, {
          headers: { authorization: `Bearer ${token.managerA.token}` },
        })
      ).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (answer.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Numéro;Date;Client;Vendeur;Type de vente;Lignes;Total TTC;Payé;Retourné;Reste à payer;Paiements;Statut',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${ventes[4].numero};\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Fatou Sène;Awa Traoré;Vente au détail;1;2500;2500;0;0;"Carte, Espèces";Payée$`,
      ),
    );
    expect(lines[2]).toContain(';1500;500;0;1000;Espèces;Partiellement payée');
  });

  it('export CSV en euros : décimales françaises', async () => {
    const { db } = server.ctx.database;
    const ref = await referentiels(server.ctx);
    await db
      .updateTable('services')
      .set({ devise: 'EUR' })
      .where('id', '=', world.shopB.id)
      .execute();
    const p = await nouveauProduit(client, token.ownerB, world.shopB.id, {
      nom: 'Croissant',
      uniteId: ref.piece,
      prixVente: 105,
      stockInitial: 10_000,
    });
    await client.post(
      url('', world.shopB.id),
      panier(ref.detail, [{ produitId: p, quantite: 3000 }], {
        paiements: [{ mode: 'carte', montant: 315 }],
      }),
      token.ownerB,
    );
    const lines = (
      (await client.get(url('/export.csv', world.shopB.id), token.ownerB)).body as string
    )
      .trim()
      .split('\r\n');
    expect(lines[1]).toContain(';3,15;3,15;0;0;Carte;Payée');
  });

  it('mouvements de la vente avec leur produit ; impressions : la deuxième est un duplicata', async () => {
    const moves = (await client.get(url(`/${ventes[2].id}/mouvements`), token.managerA)).body;
    expect(moves).toEqual([
      expect.objectContaining({
        type: 'vente',
        quantite: -3000,
        documentType: 'vente',
        documentId: ventes[2].id,
        produit: expect.objectContaining({ nom: 'Thé vert' }),
      }),
    ]);
    expect(
      (await client.post(url(`/${ventes[2].id}/impressions`), undefined, token.managerA)).body,
    ).toEqual({ impressions: 1, duplicata: false });
    expect(
      (await client.post(url(`/${ventes[2].id}/impressions`), undefined, token.managerA)).body,
    ).toEqual({ impressions: 2, duplicata: true });
    expect((await client.get(url(`/${ventes[2].id}`), token.managerA)).body.impressions).toBe(2);
  });

  it('autre boutique : 404 pour la vente, ses mouvements, ses impressions, son ticket', async () => {
    // Owner B in HIS shop (the shop gate lets him in) asks for a sale of shop A by its id: only the
    // sale lookup, which must be scoped to the shop of the URL, can answer 404.
    const id = ventes[0].id;
    const inB = (path: string) => url(`/${id}${path}`, world.shopB.id);
    const inA = (path: string) => url(`/${id}${path}`);
    for (const path of ['', '/mouvements', '/ticket.pdf']) {
      expect((await client.get(inA(path), token.ownerA)).status).toBe(200);
      expectProblem(await client.get(inB(path), token.ownerB), 404, 'NOT_FOUND');
    }
    const printsBefore = (await client.get(inA(''), token.ownerA)).body.impressions;
    expectProblem(
      await client.post(inB('/impressions'), undefined, token.ownerB),
      404,
      'NOT_FOUND',
    );
    expect((await client.get(inA(''), token.ownerA)).body.impressions).toBe(printsBefore);
    // Owner B with shop A's URL: the shop gate, before any lookup.
    expectProblem(await client.get(inA(''), token.ownerB), 404, 'NOT_FOUND');
    expectProblem(await client.get(url('/999999'), token.ownerA), 404, 'NOT_FOUND');
  });
});
