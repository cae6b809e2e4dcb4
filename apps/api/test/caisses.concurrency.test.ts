import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from './support/factories.js';
import { caisseWorld } from './support/caisses.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Registers under concurrency (one of two closings wins; a sale racing a closing is either in the
 * Z or refused with nothing written) and the exact counting of a euro drawer.
 */
describe(`caisses : concurrence et centimes (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof caisseWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    w = await caisseWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('deux clôtures simultanées : une seule réussit, un seul numéro Z', async () => {
    const { sessionId } = await w.caisseOuverte(0);
    const answers = await Promise.all([0, 1, 2].map(() => w.cloturer(sessionId, { coupures: [] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const { db } = server.ctx.database;
    const row = await db
      .selectFrom('caisse_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.numero_z).toBe(answers.find((a) => a.status === 200)!.body.numeroZ);
  });

  it('des ventes en course avec la clôture : chacune est dans le Z ou refusée sans trace', async () => {
    const { caisseId, sessionId } = await w.caisseOuverte(1000);
    const p = await w.produit({ prix: 700, stock: 1_000_000 });
    const before = await w.count('ventes');
    const sale = () =>
      w.postVente({
        caisseId,
        lignes: [{ produitId: p.id, quantite: 1000 }],
        paiements: [{ mode: 'especes', montant: 700 }],
      });
    const early = await Promise.all([sale(), sale()]);
    const racing = [sale(), sale(), sale(), sale(), sale(), sale()];
    const close = w.cloturer(sessionId, { coupures: [], motifEcart: 'Comptage du test' });
    const answers = [...early, ...(await Promise.all(racing))];
    const closed = await close;
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const accepted = answers.filter((a) => a.status === 201);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    // Exactly the accepted sales exist, all on the session, all in the Z.
    expect(await w.count('ventes')).toBe(before + accepted.length);
    expect(closed.body.rapport.ventes).toEqual({
      nombre: accepted.length,
      total: 700 * accepted.length,
    });
    const especes = closed.body.rapport.modes.find((m: { mode: string }) => m.mode === 'especes');
    expect(especes).toMatchObject({ attendu: 1000 + 700 * accepted.length, compte: 0 });
    const { db } = server.ctx.database;
    const onSession = await db
      .selectFrom('ventes')
      .select('id')
      .where('caisse_session_id', '=', sessionId)
      .execute();
    expect(onSession.map((r) => r.id).sort()).toEqual(accepted.map((a) => a.body.id).sort());
    // The stock moved for the accepted sales only.
    const stock = await db
      .selectFrom('produits')
      .select('quantite')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.quantite)).toBe(1_000_000 - 1000 * accepted.length);
  });

  it('euros : le comptage par coupures jusqu’au centime est exact', async () => {
    const shop = await createService(server.ctx, w.world.ownerA.id, {
      nom: 'Boutique en euros',
      devise: 'EUR',
    });
    const [caisse] = await w.caisses(shop.id);
    const s = await w.ouvrir(caisse!.id, 5000, w.tokens.ownerA, shop.id);
    const p = await w.produit({ prix: 1033, stock: 10_000, shop: shop.id });
    await w.vente(
      {
        caisseId: caisse!.id,
        lignes: [{ produitId: p.id, quantite: 3000 }],
        paiements: [{ mode: 'especes', montant: 3099 }],
      } as never,
      { shop: shop.id },
    );
    // 50,00 € of float + 30,99 € = 80,99 €: 50 € + 20 € + 10 € + 0,50 € + 0,20 € × 2 + 0,05 € + 0,02 € × 2.
    const coupures = [
      { valeur: 5000, nombre: 1 },
      { valeur: 2000, nombre: 1 },
      { valeur: 1000, nombre: 1 },
      { valeur: 50, nombre: 1 },
      { valeur: 20, nombre: 2 },
      { valeur: 5, nombre: 1 },
      { valeur: 2, nombre: 2 },
    ];
    const closed = await client.post(
      w.sessionUrl(s.id, '/cloture', shop.id),
      { coupures },
      w.tokens.ownerA,
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.rapport.modes[0]).toMatchObject({
      mode: 'especes',
      attendu: 8099,
      compte: 8099,
      ecart: 0,
    });
    // A franc CFA note is no euro denomination.
    const other = await w.ouvrir(caisse!.id, 0, w.tokens.ownerA, shop.id);
    const refused = await client.post(
      w.sessionUrl(other.id, '/cloture', shop.id),
      { coupures: [{ valeur: 25, nombre: 1 }] },
      w.tokens.ownerA,
    );
    expect(refused.status).toBe(400);
  });
});
