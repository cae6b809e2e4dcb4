import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caisseWorld } from './support/caisses.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The counter without the network (docs/regles-metier.md « Vente hors ligne »): the register's
 * series, the sync of queued sales (order, replays, gaps, another shop), stock under zero and
 * prices charged, customers created offline, the catalogue delta. Expected numbers are written
 * here from the sequences the test sends, never by the server's formatting.
 */
describe(`vente hors ligne : série de la caisse et synchronisation (${TEST_DIALECT})`, () => {
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

  const synchroUrl = (caisseId: number, shop?: number) =>
    `${w.caissesUrl(shop)}/${caisseId}/synchro`;
  const sync = (caisseId: number, body: Record<string, unknown>, token = w.tokens.managerA) =>
    client.post(synchroUrl(caisseId), { clients: [], ...body }, token);
  const get = (url: string, token = w.tokens.ownerA) =>
    client.request('GET', url, { token: token.token });

  /** A sale as the till queued it: one line of `quantite` at `prix`, paid in cash. */
  function venteHL(
    sequence: number,
    p: { id: number; nom: string },
    options: { prix?: number; quantite?: number; faiteLe?: string; extra?: object } = {},
  ) {
    const prix = options.prix ?? 1000;
    const quantite = options.quantite ?? 1000;
    return {
      cleIdempotence: newKey(),
      sequence,
      faiteLe: options.faiteLe ?? '2026-06-15T08:30:00.000Z',
      typeVenteId: w.typeVente.id,
      clientId: null,
      lignes: [
        {
          produitId: p.id,
          quantite,
          nom: p.nom,
          uniteSymbole: 'u',
          prixUnitaire: prix,
          tauxTva: 0,
        },
      ],
      paiements: [{ mode: 'especes', montant: (prix * quantite) / 1000 }],
      ...options.extra,
    };
  }

  const ventesOf = async (caisseId: number) =>
    server.ctx.database.db
      .selectFrom('ventes_caisse as vc')
      .innerJoin('ventes as v', 'v.id', 'vc.vente_id')
      .select(['v.id', 'v.numero', 'v.created_at', 'vc.sequence', 'vc.faite_le', 'vc.recue_le'])
      .where('vc.caisse_id', '=', caisseId)
      .orderBy('vc.sequence')
      .execute();

  const quantite = async (produitId: number) =>
    Number(
      (
        await server.ctx.database.db
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', produitId)
          .executeTakeFirstOrThrow()
      ).quantite,
    );

  it('une caisse a son code et sa série ; une vente en ligne sur la caisse y prend le numéro suivant', async () => {
    const [premiere] = await w.caisses();
    const serie = await get(synchroUrl(premiere!.id));
    expect(serie.status).toBe(200);
    expect(serie.body).toMatchObject({ code: 'C01', prefixe: 'V', annee: 2026, dernier: 0 });
    const { caisseId } = await w.caisseOuverte();
    const code = (await get(synchroUrl(caisseId))).body.code as string;
    expect(code).toMatch(/^C\d\d$/);
    expect(code).not.toBe('C01');
    const p = await w.produit({ prix: 500, stock: 10_000 });
    const enLigne = await w.postVente({
      caisseId,
      auPointDeVente: true,
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
    });
    expect(enLigne.status).toBe(201);
    expect(enLigne.body.numero).toBe(`V-2026-${code}-000001`);
    // A sale without a register keeps the shop's series.
    const bureau = await w.postVente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
    });
    expect(bureau.body.numero).toMatch(/^V-2026-\d{6}$/);
    // The till continues the series offline from the last number the server gave.
    expect((await get(synchroUrl(caisseId))).body.dernier).toBe(1);
    const suite = await sync(caisseId, { ventes: [venteHL(2, p, { prix: 500 })] });
    expect(suite.status, JSON.stringify(suite.body)).toBe(200);
    expect(suite.body.ventes[0]).toMatchObject({
      statut: 'enregistree',
      numero: `V-2026-${code}-000002`,
    });
    expect(suite.body.serie).toMatchObject({ code, dernier: 2 });
  });

  it('une vente au bureau encaissée par la caisse garde la série de la boutique : la caisse, hors ligne, a pu donner le numéro suivant', async () => {
    const { caisseId } = await w.caisseOuverte();
    const code = (await get(synchroUrl(caisseId))).body.code as string;
    const p = await w.produit({ prix: 500, stock: 10_000 });
    // The till, offline, numbers its first sale; meanwhile the office cashes a sale into it.
    const hl = venteHL(1, p, { prix: 500 });
    const bureau = await w.postVente({
      caisseId,
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
    });
    expect(bureau.status).toBe(201);
    expect(bureau.body.numero).toMatch(/^V-2026-\d{6}$/);
    expect((await get(synchroUrl(caisseId))).body.dernier).toBe(0);
    const envoi = await sync(caisseId, { ventes: [hl] });
    expect(envoi.body.ventes[0]).toMatchObject({
      statut: 'enregistree',
      numero: `V-2026-${code}-000001`,
    });
    // The office sale counts in the register's session all the same (its cash is in the drawer).
    const { db } = server.ctx.database;
    const sessions = await db
      .selectFrom('ventes')
      .select('caisse_session_id')
      .where('id', 'in', [bureau.body.id as number, envoi.body.ventes[0].venteId as number])
      .execute();
    expect(sessions.map((s) => s.caisse_session_id).every((id) => id !== null)).toBe(true);
    expect(new Set(sessions.map((s) => s.caisse_session_id)).size).toBe(1);
    // « Au point de vente » without its register: 400 in French, nothing recorded.
    const before = await w.count('ventes');
    const sans = await w.postVente({
      auPointDeVente: true,
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
    });
    expect(messageOf(expectValidation(sans, 'caisseId'), 'caisseId')).toBe(
      'Une vente faite au point de vente nomme sa caisse.',
    );
    expect(await w.count('ventes')).toBe(before);
  });

  it('un envoi dans le désordre est enregistré dans l’ordre de la série, avec l’heure faite et l’heure reçue ; le rejouer ne double rien', async () => {
    const { caisseId } = await w.caisseOuverte();
    const code = (await get(synchroUrl(caisseId))).body.code as string;
    const p = await w.produit({ prix: 1000, stock: 50_000 });
    const ventes = [3, 1, 2].map((n) => venteHL(n, p, { faiteLe: `2026-06-15T07:0${n}:00.000Z` }));
    server.clock.set('2026-06-15T09:00:00Z');
    const first = await sync(caisseId, { ventes });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Answered in the request's order.
    expect(first.body.ventes.map((r: { sequence: number }) => r.sequence)).toEqual([3, 1, 2]);
    expect(first.body.ventes.every((r: { statut: string }) => r.statut === 'enregistree')).toBe(
      true,
    );
    const rows = await ventesOf(caisseId);
    expect(rows.map((r) => r.numero)).toEqual(
      ['000001', '000002', '000003'].map((n) => `V-2026-${code}-${n}`),
    );
    expect(rows.map((r) => r.faite_le)).toEqual(
      [1, 2, 3].map((n) => `2026-06-15T07:0${n}:00.000Z`),
    );
    expect(rows.map((r) => r.created_at)).toEqual(rows.map((r) => r.faite_le));
    for (const r of rows) expect(r.recue_le.slice(0, 16)).toBe('2026-06-15T09:00');
    expect(await quantite(p.id)).toBe(47_000);

    const before = await w.count('ventes');
    const replay = await sync(caisseId, { ventes });
    expect(replay.status).toBe(200);
    expect(replay.body.ventes.map((r: { statut: string }) => r.statut)).toEqual([
      'deja_enregistree',
      'deja_enregistree',
      'deja_enregistree',
    ]);
    expect(replay.body.ventes.map((r: { venteId: number }) => r.venteId)).toEqual(
      first.body.ventes.map((r: { venteId: number }) => r.venteId),
    );
    expect(await w.count('ventes')).toBe(before);
    expect(await quantite(p.id)).toBe(47_000);
  });

  it('un numéro qui arrive avant le précédent attend ; le numéro d’une caisse ne sert jamais deux fois', async () => {
    const { caisseId } = await w.caisseOuverte();
    const p = await w.produit({ prix: 1000, stock: 50_000 });
    const [v1, v2, v3] = [1, 2, 3].map((n) => venteHL(n, p));
    const before = await w.count('ventes');
    const early = await sync(caisseId, { ventes: [v2, v3] });
    expect(early.status).toBe(200);
    expect(early.body.ventes.map((r: { statut: string }) => r.statut)).toEqual([
      'en_attente',
      'en_attente',
    ]);
    expect(early.body.ventes[0].message).toContain('prochain numéro attendu : 1');
    expect(await w.count('ventes')).toBe(before);
    const all = await sync(caisseId, { ventes: [v3, v1, v2] });
    expect(all.body.ventes.map((r: { statut: string }) => r.statut)).toEqual([
      'enregistree',
      'enregistree',
      'enregistree',
    ]);
    expect(await w.count('ventes')).toBe(before + 3);
    // Another sale under number 2: refused, nothing written.
    const autre = await sync(caisseId, { ventes: [venteHL(2, p, { quantite: 2000 })] });
    expect(autre.body.ventes[0]).toMatchObject({ statut: 'refusee', venteId: null });
    expect(autre.body.ventes[0].message).toContain('a déjà servi');
    // The same key with another cart: refused too (idempotence), nothing written.
    const cle = await sync(caisseId, { ventes: [{ ...v1, note: 'Autre' }] });
    expect(cle.body.ventes[0].statut).toBe('refusee');
    expect(await w.count('ventes')).toBe(before + 3);
    expect(await quantite(p.id)).toBe(47_000);
  });

  it('l’envoi d’une caisse d’une autre boutique est refusé (404), rien n’est enregistré', async () => {
    const [caisseB] = await w.caisses(w.world.shopB.id, w.tokens.ownerB);
    const p = await w.produit({ prix: 1000, stock: 5000 });
    const before = await w.count('ventes');
    expectProblem(await sync(caisseB!.id, { ventes: [venteHL(1, p)] }), 404, 'NOT_FOUND');
    expectProblem(await get(synchroUrl(caisseB!.id)), 404, 'NOT_FOUND');
    expect(await w.count('ventes')).toBe(before);
    expect(await quantite(p.id)).toBe(5000);
  });

  it('le stock pris sous zéro est enregistré et signalé ; la vente garde le prix facturé d’un produit changé ou supprimé', async () => {
    const { caisseId } = await w.caisseOuverte();
    const dernier = await w.produit({ prix: 1000, stock: 1000 });
    const reprice = await w.produit({ prix: 1000, stock: 5000 });
    // A product without any movement can be deleted.
    const supprime = await w.produit({ prix: 700, stock: 0 });
    const changed = await client.request('PUT', `${w.shopUrl()}/produits/${reprice.id}`, {
      token: w.tokens.ownerA.token,
      body: { nom: reprice.nom, uniteId: w.unite.id, prixVente: 1500, prixAchat: 500 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const deleted = await client.request('DELETE', `${w.shopUrl()}/produits/${supprime.id}`, {
      token: w.tokens.ownerA.token,
    });
    expect(deleted.status).toBe(204);

    const ventes = [
      venteHL(1, dernier, { quantite: 3000 }),
      venteHL(2, reprice, { prix: 1000 }),
      venteHL(3, supprime, { prix: 700 }),
    ];
    const answer = await sync(caisseId, { ventes });
    expect(answer.body.ventes.map((r: { statut: string }) => r.statut)).toEqual([
      'enregistree',
      'enregistree',
      'enregistree',
    ]);
    expect(await quantite(dernier.id)).toBe(-2000);
    const [, v2, v3] = answer.body.ventes as Array<{ venteId: number }>;
    const lu2 = await get(`${w.shopUrl()}/ventes/${v2!.venteId}`);
    expect(lu2.body.lignes[0]).toMatchObject({ produitId: reprice.id, prixUnitaire: 1000 });
    expect(lu2.body.totalTtc).toBe(1000);
    const lu3 = await get(`${w.shopUrl()}/ventes/${v3!.venteId}`);
    expect(lu3.body.lignes[0]).toMatchObject({
      produitId: null,
      nom: supprime.nom,
      prixUnitaire: 700,
    });

    const alertes = await get(`${w.shopUrl()}/alertes-hors-ligne`);
    expect(alertes.status).toBe(200);
    const mine = (alertes.body as Array<Record<string, unknown>>).filter((a) =>
      [dernier.nom, reprice.nom, supprime.nom].includes(a.produitNom as string),
    );
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'stock_negatif', produitId: dernier.id, quantite: -2000 }),
        expect.objectContaining({
          type: 'prix_different',
          produitId: reprice.id,
          prixFacture: 1000,
          prixCatalogue: 1500,
        }),
        expect.objectContaining({ type: 'produit_supprime', produitId: null, prixFacture: 700 }),
      ]),
    );
    expect(mine).toHaveLength(3);
    const duProduit = await get(`${w.shopUrl()}/alertes-hors-ligne?produitId=${dernier.id}`);
    expect(duProduit.body).toEqual([
      expect.objectContaining({
        type: 'stock_negatif',
        venteNumero: expect.stringMatching(/-000001$/),
      }),
    ]);
  });

  it('deux caisses hors ligne vendent toutes deux la dernière unité : les deux ventes sont enregistrées, le stock à −1 signalé', async () => {
    const a = await w.caisseOuverte();
    const b = await w.caisseOuverte();
    const p = await w.produit({ prix: 1000, stock: 1000 });
    const [fromA, fromB] = await Promise.all([
      sync(a.caisseId, { ventes: [venteHL(1, p)] }),
      sync(b.caisseId, { ventes: [venteHL(1, p)] }),
    ]);
    expect(fromA.body.ventes[0].statut, JSON.stringify(fromA.body)).toBe('enregistree');
    expect(fromB.body.ventes[0].statut, JSON.stringify(fromB.body)).toBe('enregistree');
    expect(await quantite(p.id)).toBe(-1000);
    const alertes = await get(`${w.shopUrl()}/alertes-hors-ligne?produitId=${p.id}`);
    // The second sale took it under zero: one flag, on the sale that arrived second.
    expect(alertes.body).toEqual([
      expect.objectContaining({ type: 'stock_negatif', produitId: p.id, quantite: -1000 }),
    ]);
  });

  it('un client créé hors ligne arrive une fois, avec ses ventes, même envoyé deux fois', async () => {
    const { caisseId } = await w.caisseOuverte();
    const p = await w.produit({ prix: 2000, stock: 10_000 });
    const nouveau = {
      cle: newKey(),
      nom: `Awa hors ligne ${newKey().slice(0, 6)}`,
      telephone: '0707070707',
    };
    const credit = venteHL(1, p, {
      prix: 2000,
      extra: {
        clientCle: nouveau.cle,
        paiements: [{ mode: 'especes', montant: 500 }],
        echeance: '2026-07-15',
      },
    });
    const first = await sync(caisseId, { clients: [nouveau], ventes: [credit] });
    expect(first.body.ventes[0].statut, JSON.stringify(first.body)).toBe('enregistree');
    const clientId = first.body.clients[0].clientId as number;
    // The batch again (a sync cut before its answer), then a later sale naming the same customer.
    const again = await sync(caisseId, { clients: [nouveau], ventes: [credit] });
    expect(again.body.clients[0].clientId).toBe(clientId);
    const later = await sync(caisseId, {
      ventes: [venteHL(2, p, { prix: 2000, extra: { clientCle: nouveau.cle } })],
    });
    expect(later.body.ventes[0].statut).toBe('enregistree');
    const rows = await server.ctx.database.db
      .selectFrom('clients')
      .select(['id', 'telephone'])
      .where('nom', '=', nouveau.nom)
      .execute();
    expect(rows).toEqual([{ id: clientId, telephone: '+2250707070707' }]);
    const sales = await server.ctx.database.db
      .selectFrom('ventes')
      .select(['client_id', 'total_ttc', 'montant_paye'])
      .where('id', 'in', [first.body.ventes[0].venteId, later.body.ventes[0].venteId])
      .orderBy('id')
      .execute();
    expect(sales.map((s) => s.client_id)).toEqual([clientId, clientId]);
    const dette = await get(`${w.shopUrl()}/ventes/${first.body.ventes[0].venteId}`);
    expect(dette.body.dette).toMatchObject({ montant: 1500 });
  });

  it('le catalogue se télécharge par pages puis ne renvoie que ce qui a changé, suppressions comprises', async () => {
    // Tokens last 15 minutes: the clock moves by minutes only.
    server.clock.set('2026-06-15T09:03:00Z');
    const url = `${w.shopUrl()}/catalogue/produits`;
    // Everything, by pages of 3.
    const seen = new Map<number, { prixVente: number }>();
    let curseur: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const q = `?taille=3${curseur ? `&curseur=${encodeURIComponent(curseur)}` : ''}`;
      const page = await get(url + q, w.tokens.managerA);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      for (const item of page.body.items) seen.set(item.id, item);
      curseur = page.body.curseur;
      if (!page.body.suite) break;
    }
    const all = await server.ctx.database.db
      .selectFrom('produits')
      .select('id')
      .where('service_id', '=', w.world.shopA.id)
      .execute();
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(
      all.map((r) => r.id).sort((a, b) => a - b),
    );

    // Two products created after the download: only they come.
    const p = await w.produit({ prix: 100, stock: 0 });
    const gone = await w.produit({ prix: 100, stock: 0 });
    server.clock.set('2026-06-15T09:06:00Z');
    const after = await get(`${url}?curseur=${encodeURIComponent(curseur!)}`, w.tokens.managerA);
    expect(after.body.items.map((i: { id: number }) => i.id).sort()).toEqual(
      [p.id, gone.id].sort(),
    );
    curseur = after.body.curseur;
    // Three minutes later, one repriced and one deleted: only they come.
    server.clock.set('2026-06-15T09:07:00Z');
    await client.request('PUT', `${w.shopUrl()}/produits/${p.id}`, {
      token: w.tokens.ownerA.token,
      body: { nom: p.nom, uniteId: w.unite.id, prixVente: 250 },
    });
    await client.request('DELETE', `${w.shopUrl()}/produits/${gone.id}`, {
      token: w.tokens.ownerA.token,
    });
    server.clock.set('2026-06-15T09:10:00Z');
    const delta = await get(`${url}?curseur=${encodeURIComponent(curseur!)}`, w.tokens.managerA);
    expect(delta.body.items).toEqual([expect.objectContaining({ id: p.id, prixVente: 250 })]);
    expect(delta.body.supprimes).toEqual([gone.id]);
    expect(delta.body.suite).toBe(false);

    const clients = await get(`${w.shopUrl()}/catalogue/clients`, w.tokens.managerA);
    expect(clients.status).toBe(200);
    expect(clients.body.items.length).toBeGreaterThan(0);
    expectProblem(await get(`${url}?curseur=nimporte`), 400, 'VALIDATION');
    expectProblem(await get(`${w.shopUrl(w.world.shopB.id)}/catalogue/produits`), 404, 'NOT_FOUND');
  });
});
