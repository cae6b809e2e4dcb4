import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caisseWorld } from './support/caisses.js';
import { TEST_DIALECT } from './support/database.js';
import { localDay, newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Every recorded event of a shop goes to its journal in the event's own transaction, not only
 * sales, returns and repayments: register sessions opened and closed (Z), cash in and out, a
 * duplicate receipt, an invoice and its credit note. A refused event writes no entry.
 */
describe(`journal : caisse, duplicata, facture et avoir (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof caisseWorld>>;
  const entrees = () =>
    server.ctx.database.db
      .selectFrom('journal_entrees')
      .select(['sequence', 'type', 'reference', 'contenu'])
      .where('service_id', '=', w.world.shopA.id)
      .orderBy('sequence')
      .execute();

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    w = await caisseWorld(server.ctx, server.client());
  });
  afterAll(() => server.close());

  it('ouverture, apport, vente, duplicata, clôture Z, facture et avoir : une entrée chacun, dans l’ordre', async () => {
    const client = server.client();
    const p = await w.produit({ prix: 1000, stock: 100_000 });
    const caisse = await w.nouvelleCaisse('Caisse du fond');
    const session = await w.ouvrir(caisse.id, 5000);
    const apport = await w.mouvement(session.id, {
      type: 'apport',
      montant: 2000,
      motif: 'Monnaie',
    });
    expect(apport.status).toBe(201);
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
      caisseId: caisse.id,
    } as Parameters<typeof w.vente>[0]);
    const imprimer = () =>
      client.post(`${w.shopUrl()}/ventes/${vente.id}/impressions`, {}, w.tokens.managerA);
    expect((await imprimer()).body).toMatchObject({ duplicata: false });
    expect((await imprimer()).body).toMatchObject({ duplicata: true });
    const z = await w.cloturer(session.id, {
      coupures: [
        { valeur: 5000, nombre: 1 },
        { valeur: 2000, nombre: 1 },
        { valeur: 1000, nombre: 1 },
      ],
    });
    expect(z.status, JSON.stringify(z.body)).toBe(200);
    // Refused: a cash movement on the closed session writes no entry.
    expect(
      (await w.mouvement(session.id, { type: 'retrait', montant: 100, motif: 'Trop tard' })).status,
    ).toBe(409);

    const cli = await w.clientNamed('Moussa Traoré');
    const credit = await w.vente({
      clientId: cli.id,
      echeance: localDay(30, server.clock),
      lignes: [{ produitId: p.id, quantite: 2000 }],
    });
    const facture = await client.post(
      `${w.shopUrl()}/factures`,
      { cleIdempotence: newKey(), venteIds: [credit.id] },
      w.tokens.ownerA,
    );
    expect(facture.status).toBe(201);
    const avoir = await client.post(
      `${w.shopUrl()}/factures/${facture.body.id}/avoirs`,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: facture.body.lignes[0].id, quantite: 1000 }],
        motif: 'Geste commercial',
      },
      w.tokens.ownerA,
    );
    expect(avoir.status, JSON.stringify(avoir.body)).toBe(201);

    const journal = await entrees();
    expect(journal.map((e) => e.type)).toEqual([
      'session_ouverture',
      'mouvement_caisse',
      'vente',
      'duplicata',
      'session_cloture',
      'vente',
      'facture',
      'avoir',
    ]);
    expect(journal.map((e) => Number(e.sequence))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const [ouverture, mouvement, , duplicata, cloture, , fact, av] = journal.map((e) => ({
      reference: e.reference,
      ...JSON.parse(e.contenu),
    }));
    expect(ouverture).toMatchObject({ reference: String(session.id), fond: 5000 });
    expect(mouvement).toMatchObject({
      reference: apport.body.numero,
      type: 'apport',
      montant: 2000,
      session: session.id,
    });
    expect(duplicata).toMatchObject({ reference: vente.numero, vente: vente.id, impression: 2 });
    expect(cloture).toMatchObject({ reference: z.body.numeroZ, session: session.id, ecart: 0 });
    expect(cloture.modes).toContainEqual({ mode: 'especes', attendu: 8000, compte: 8000 });
    expect(fact).toMatchObject({
      reference: facture.body.numero,
      ttc: 2000,
      ventes: [credit.id],
    });
    expect(av).toMatchObject({ reference: avoir.body.numero, facture: facture.body.id, ttc: 1000 });
    const verification = await client.get(`${w.shopUrl()}/journal/verification`, w.tokens.ownerA);
    expect(verification.body).toMatchObject({ valide: true, entrees: 8 });
  });
});
