import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The answer of POST …/ventes is the sale as GET …/ventes/:id reads it back, byte for byte: the
 * creation builds it from what it has just written (issue 18, fewer statements per sale), and a
 * replay of the same key gives the same bytes again.
 */
describe(`réponse de la création d’une vente = la vente relue (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let savon: { id: number };
  let riz: { id: number };
  let huile: { id: number };

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    savon = await w.produit({ prix: 300, stock: 1_000_000 });
    huile = await w.produit({ prix: 1_500, stock: 1_000_000, tauxTva: 1800 });
    const kg = await server.ctx.database.db
      .selectFrom('unites')
      .select('id')
      .where('nom', '=', 'kilogramme')
      .executeTakeFirstOrThrow();
    const r = await client.post(
      `${w.shopUrl()}/produits`,
      {
        nom: 'Riz parfumé',
        uniteId: kg.id,
        prixVente: 750,
        prixAchat: 500,
        tauxTva: 1000,
        stockInitial: 1_000_000,
        reference: 'RIZ-1',
        codeBarres: '2000000000015',
      },
      w.tokens.ownerA,
    );
    expect(r.status).toBe(201);
    riz = r.body;
  });
  afterAll(() => server.close());

  /** The raw bytes of an answer, as the till receives them. */
  async function brut(method: 'GET' | 'POST', path: string, body?: unknown) {
    const xsrf = client.xsrf!;
    const r = await fetch(client.baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${w.tokens.ownerA.token}`,
        ...(method === 'POST'
          ? {
              'content-type': 'application/json',
              cookie: `XSRF-TOKEN=${xsrf}`,
              'x-xsrf-token': xsrf,
            }
          : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: r.status, text: await r.text() };
  }

  /** Creates the sale, reads it back, replays it: the three answers are the same bytes. */
  async function memesOctets(body: Record<string, unknown>) {
    const panier = { cleIdempotence: newKey(), typeVenteId: w.typeVente.id, ...body };
    const cree = await brut('POST', `${w.shopUrl()}/ventes`, panier);
    expect(cree.status, cree.text).toBe(201);
    const id = (JSON.parse(cree.text) as { id: number }).id;
    const relue = await brut('GET', `${w.shopUrl()}/ventes/${id}`);
    expect(relue.status).toBe(200);
    expect(cree.text).toBe(relue.text);
    const rejouee = await brut('POST', `${w.shopUrl()}/ventes`, panier);
    expect(rejouee.status).toBe(201);
    expect(rejouee.text).toBe(relue.text);
    return JSON.parse(cree.text) as Record<string, unknown>;
  }

  it('vente au comptant en espèces, monnaie rendue', async () => {
    const v = await memesOctets({
      lignes: [
        { produitId: savon.id, quantite: 3000 },
        { produitId: huile.id, quantite: 1000 },
      ],
      paiements: [{ mode: 'especes', montant: 2_400, recu: 5_000 }],
    });
    expect(v).toMatchObject({ statut: 'payee', rendu: 2_600, dette: null, retours: [] });
  });

  it('vente à crédit à un client, avec échéance et acompte', async () => {
    const c = await w.clientNamed('Awa Crédit');
    const v = await memesOctets({
      lignes: [{ produitId: huile.id, quantite: 2000 }],
      paiements: [{ mode: 'especes', montant: 1_000 }],
      clientId: c.id,
      echeance: localDay(30, server.clock),
      note: 'Payera à la fin du mois',
    });
    expect(v).toMatchObject({ statut: 'partiellement_payee', reste: 2_000 });
    expect(v.dette).toMatchObject({ montant: 2_000, paye: 0, statut: 'en_cours' });
  });

  it('remises par ligne et remise globale, produits de taux de TVA différents, unité fractionnable', async () => {
    const c = await w.clientNamed('Fatou Remise');
    const v = await memesOctets({
      lignes: [
        { produitId: riz.id, quantite: 2500, remise: { type: 'pourcent', valeur: 1000 } },
        { produitId: huile.id, quantite: 1000, remise: { type: 'montant', valeur: 100 } },
        { produitId: savon.id, quantite: 2000 },
      ],
      remiseGlobale: { type: 'montant', valeur: 200 },
      paiements: [{ mode: 'especes', montant: 1_000 }],
      clientId: c.id,
      echeance: localDay(10, server.clock),
    });
    expect(v.totalRemises).toBeGreaterThan(0);
    expect((v.lignes as Array<{ fractionnable: boolean }>)[0]!.fractionnable).toBe(true);
  });

  it('paiement par mobile money, opérateur et référence, avec un paiement en espèces', async () => {
    const v = await memesOctets({
      lignes: [{ produitId: savon.id, quantite: 5000 }],
      paiements: [
        { mode: 'mobile_money', montant: 1_000, operateur: 'Wave', reference: 'TX-42' },
        { mode: 'especes', montant: 500, recu: 1_000 },
      ],
    });
    expect((v.paiements as unknown[]).length).toBe(2);
  });

  it('vente payée en partie par l’avoir du client, le reste à crédit', async () => {
    const c = await w.clientNamed('Moussa Avoir');
    const payee = await w.vente({
      lignes: [{ produitId: savon.id, quantite: 4000 }],
      paiements: [{ mode: 'especes', montant: 1_200 }],
      clientId: c.id,
    });
    const retour = await client.post(
      `${w.shopUrl()}/ventes/${payee.id}/retours`,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: payee.lignes[0].id, quantite: 4000 }],
        mode: 'avoir',
        modeRemboursement: null,
      },
      w.tokens.ownerA,
    );
    expect(retour.status).toBe(201);
    const v = await memesOctets({
      lignes: [{ produitId: huile.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 100 }],
      clientId: c.id,
      avoir: 1_200,
      echeance: localDay(7, server.clock),
    });
    expect(v).toMatchObject({ avoir: 1_200, montantPaye: 100, reste: 200 });
    expect(v.dette).toMatchObject({ montant: 1_400, paye: 1_200, reste: 200 });
  });
});
