import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caisseWorld } from './support/caisses.js';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { localDay, newKey } from './support/retours-dettes.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Credit notes (avoirs) and the numbers of invoices and credit notes under concurrency: never more
 * credited than invoiced, numbers without gaps, a sale invoiced once, returns made with a credit
 * note. Expected figures are written by hand.
 */
describe(`avoirs et concurrence des factures (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof caisseWorld>>;
  const db = () => server.ctx.database.db;
  const factures = (shop?: number) => `${w.shopUrl(shop)}/factures`;
  const avoir = (factureId: number, body: Record<string, unknown>, shop?: number) =>
    client.post(
      `${factures(shop)}/${factureId}/avoirs`,
      { cleIdempotence: newKey(), ...body },
      w.tokens.ownerA,
    );
  const lire = async (id: number, shop?: number) =>
    (await client.get(`${factures(shop)}/${id}`, w.tokens.ownerA)).body;

  /** A customer's credit sale of `quantite` units at `prix`, invoiced. */
  async function facturee(prix: number, quantite: number, shop?: number) {
    const cli = await w.clientNamed(`Client ${newKey().slice(0, 6)}`, { shop });
    const p = await w.produit({ prix, stock: 100_000, shop });
    const vente = await w.vente(
      {
        clientId: cli.id,
        echeance: localDay(30, server.clock),
        lignes: [{ produitId: p.id, quantite }],
      },
      { shop },
    );
    const f = await client.post(
      factures(shop),
      { cleIdempotence: newKey(), venteIds: [vente.id] },
      w.tokens.ownerA,
    );
    expect(f.status).toBe(201);
    return { facture: f.body, vente, produit: p, client: cli };
  }
  const stockOf = async (id: number) =>
    Number(
      (
        await db()
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).quantite,
    );

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-05-20T09:00:00Z');
    client = server.client();
    w = await caisseWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('avoir partiel puis du reste : AV-2026-000001 et 000002, montants qui font la ligne, « partiellement » puis « entièrement créditée »', async () => {
    const { facture } = await facturee(1000, 3000);
    const ligneId = facture.lignes[0].id;
    const first = await avoir(facture.id, {
      lignes: [{ ligneId, quantite: 1000 }],
      motif: 'Geste commercial',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      numero: 'AV-2026-000001',
      facture: { id: facture.id, numero: facture.numero },
      montantTtc: 1000,
      retours: [],
      motif: 'Geste commercial',
      lignes: [{ ligneId, quantite: 1000, montantTtc: 1000 }],
    });
    expect(await lire(facture.id)).toMatchObject({
      credit: 'partiel',
      montantAvoirs: 1000,
      // A commercial credit note lowers what is owed on the invoice.
      reste: 2000,
      lignes: [{ quantiteCreditee: 1000 }],
      avoirs: [{ id: first.body.id, numero: 'AV-2026-000001', montantTtc: 1000 }],
    });
    const list = await client.get(`${factures()}?q=${facture.numero}`, w.tokens.ownerA);
    expect(list.body.items[0]).toMatchObject({ credit: 'partiel', montantAvoirs: 1000 });

    const before = await snapshot(server.ctx);
    const trop = await avoir(facture.id, { lignes: [{ ligneId, quantite: 2001 }] });
    expectProblem(trop, 422, 'BUSINESS_RULE');
    expect(trop.body.detail).toMatch(/au plus 2 à créditer \(facturé 3, déjà crédité 1\)/);
    expectValidation(await avoir(facture.id, { lignes: [] }), 'lignes');
    expectValidation(
      await avoir(facture.id, {
        lignes: [
          { ligneId, quantite: 1 },
          { ligneId, quantite: 1 },
        ],
      }),
      'lignes.1.ligneId',
    );
    expectProblem(
      await avoir(facture.id, { lignes: [{ ligneId: 999_999, quantite: 1 }] }),
      404,
      'NOT_FOUND',
    );
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);

    const rest = await avoir(facture.id, { lignes: [{ ligneId, quantite: 2000 }] });
    expect(rest.body).toMatchObject({ numero: 'AV-2026-000002', montantTtc: 2000 });
    expect(await lire(facture.id)).toMatchObject({
      credit: 'total',
      montantAvoirs: 3000,
      reste: 0,
      statut: 'payee',
    });
    expectProblem(
      await avoir(facture.id, { lignes: [{ ligneId, quantite: 1 }] }),
      422,
      'BUSINESS_RULE',
    );
  });

  it('avoir avec retour de marchandise : un retour de la vente (stock rendu, dette réduite) lié à l’avoir', async () => {
    const { facture, vente, produit } = await facturee(2500, 4000);
    const stock = await stockOf(produit.id);
    const answer = await avoir(facture.id, {
      lignes: [{ ligneId: facture.lignes[0].id, quantite: 1000 }],
      retour: { mode: 'avoir' },
      motif: 'Article défectueux',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.retours).toHaveLength(1);
    expect(answer.body.retours[0].numero).toMatch(/^R-2026-\d{6}$/);
    expect(await stockOf(produit.id)).toBe(stock + 1000);
    const sale = (await client.get(`${w.shopUrl()}/ventes/${vente.id}`, w.tokens.ownerA)).body;
    expect(sale.lignes[0].quantiteRetournee).toBe(1000);
    expect(sale.dette.reste).toBe(7500);
    expect(await lire(facture.id)).toMatchObject({
      montantAvoirs: 2500,
      reste: 7500,
      credit: 'partiel',
      statut: 'impayee',
    });
    // The goods are back: a second credit note for more than what is left refuses, the return too.
    const trop = await avoir(facture.id, {
      lignes: [{ ligneId: facture.lignes[0].id, quantite: 3001 }],
      retour: { mode: 'avoir' },
    });
    expectProblem(trop, 422, 'BUSINESS_RULE');
  });

  it('avoir remboursé en espèces avec retour : l’argent sort de la caisse nommée (rapport X) ; caisse fermée ou d’une autre boutique → refus, rien d’écrit', async () => {
    const FOND = 20_000;
    const { caisseId, sessionId } = await w.caisseOuverte(FOND);
    const cli = await w.clientNamed('Client remboursé');
    const p = await w.produit({ prix: 1500, stock: 100_000 });
    const vente = await w.vente({
      caisseId,
      clientId: cli.id,
      lignes: [{ produitId: p.id, quantite: 2000 }],
      paiements: [{ mode: 'especes', montant: 3000 }],
    } as never);
    const f = await client.post(
      factures(),
      { cleIdempotence: newKey(), venteIds: [vente.id] },
      w.tokens.ownerA,
    );
    expect(f.status).toBe(201);
    const lignes = [{ ligneId: f.body.lignes[0].id, quantite: 1000 }];
    const rembourse = (id: number) => ({
      lignes,
      retour: { mode: 'remboursement', modeRemboursement: 'especes', caisseId: id },
    });

    // Refused on a register without an open session and on another shop's: nothing written.
    const fermee = await w.nouvelleCaisse('Caisse fermée des avoirs');
    const [autre] = await w.caisses(w.world.shopB.id, w.tokens.ownerB);
    const before = await snapshot(server.ctx);
    expectProblem(await avoir(f.body.id, rembourse(fermee.id)), 409, 'CONFLICT');
    expectProblem(await avoir(f.body.id, rembourse(autre!.id)), 404, 'NOT_FOUND');
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);

    const ok = await avoir(f.body.id, rembourse(caisseId));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const retour = await db()
      .selectFrom('retours')
      .select(['caisse_session_id', 'rembourse'])
      .where('id', '=', ok.body.retours[0].id)
      .executeTakeFirstOrThrow();
    expect([retour.caisse_session_id, Number(retour.rembourse)]).toEqual([sessionId, 1500]);
    const x = await w.session(sessionId);
    expect(x.rapport.retours).toEqual({ nombre: 1, total: 1500 });
    expect(x.rapport.modes.find((m: { mode: string }) => m.mode === 'especes')).toMatchObject({
      ventes: 3000,
      remboursements: 1500,
      attendu: FOND + 3000 - 1500,
    });
  });

  it('numéros de facture sans trou sous concurrence, une vente facturée une seule fois', async () => {
    const shop = (await createService(server.ctx, w.world.ownerA.id, { nom: 'Boutique pressée' }))
      .id;
    const cli = await w.clientNamed('Grossiste', { shop });
    const p = await w.produit({ prix: 100, stock: 1_000_000, shop });
    const ventes: Array<{ id: number }> = [];
    for (let i = 0; i < 12; i++)
      ventes.push(
        await w.vente(
          {
            clientId: cli.id,
            echeance: localDay(5, server.clock),
            lignes: [{ produitId: p.id, quantite: 1000 }],
          },
          { shop },
        ),
      );
    const terminals = Array.from({ length: 12 }, () => server.client());
    await Promise.all(terminals.map((t) => t.get('/api/auth/xsrf')));
    // 10 invoices of distinct sales, and 2 sales each invoiced by 4 terminals at once.
    const bodies = [
      ...ventes.slice(0, 10).map((v) => [v.id]),
      ...[10, 10, 10, 10, 11, 11, 11, 11].map((i) => [ventes[i]!.id]),
    ];
    const answers = await Promise.all(
      bodies.map((venteIds, i) =>
        terminals[i % 12]!.post(
          `${factures(shop)}`,
          { cleIdempotence: newKey(), venteIds },
          w.tokens.ownerA,
        ),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
    expect(created.map((a) => a.body.numero).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `F-2026-${String(i + 1).padStart(6, '0')}`),
    );
    const links = await db()
      .selectFrom('facture_ventes')
      .select('vente_id')
      .where('service_id', '=', shop)
      .execute();
    expect(links.map((l) => l.vente_id).sort((a, b) => a - b)).toEqual(
      ventes.map((v) => v.id).sort((a, b) => a - b),
    );
  });

  it('avoirs simultanés sur la dernière quantité : jamais plus que facturé, numéros AV sans trou', async () => {
    const shop = (
      await createService(server.ctx, w.world.ownerA.id, { nom: 'Boutique des avoirs' })
    ).id;
    const { facture } = await facturee(700, 5000, shop);
    const ligneId = facture.lignes[0].id;
    const terminals = Array.from({ length: 10 }, () => server.client());
    await Promise.all(terminals.map((t) => t.get('/api/auth/xsrf')));
    const answers = await Promise.all(
      terminals.map((t, i) =>
        t.post(
          `${factures(shop)}/${facture.id}/avoirs`,
          {
            cleIdempotence: newKey(),
            lignes: [{ ligneId, quantite: 1000 }],
            ...(i % 2 ? { retour: { mode: 'avoir' } } : {}),
          },
          w.tokens.ownerA,
        ),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(5);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect(created.map((a) => a.body.numero).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => `AV-2026-00000${n}`),
    );
    const f = await lire(facture.id, shop);
    expect(f).toMatchObject({
      montantAvoirs: 3500,
      credit: 'total',
      lignes: [{ quantiteCreditee: 5000 }],
    });
    const credited = await db()
      .selectFrom('avoir_lignes')
      .select((eb) => eb.fn.sum<number>('montant_ttc').as('s'))
      .where('facture_ligne_id', '=', ligneId)
      .executeTakeFirstOrThrow();
    expect(Number(credited.s)).toBe(3500);
  });

  it('avoir d’une facture d’une autre boutique : 404, rien d’écrit ; le gérant : 403', async () => {
    const shopB = w.world.shopB.id;
    const cliB = await w.clientNamed('Client de B', { shop: shopB, token: w.tokens.ownerB });
    const pB = await w.produit({ prix: 100, stock: 10_000, shop: shopB, token: w.tokens.ownerB });
    const venteB = await w.vente(
      {
        clientId: cliB.id,
        echeance: localDay(3, server.clock),
        lignes: [{ produitId: pB.id, quantite: 1000 }],
      },
      { shop: shopB, token: w.tokens.ownerB },
    );
    const fB = (
      await client.post(
        factures(shopB),
        { cleIdempotence: newKey(), venteIds: [venteB.id] },
        w.tokens.ownerB,
      )
    ).body;
    const before = await snapshot(server.ctx);
    expectProblem(
      await avoir(fB.id, { lignes: [{ ligneId: fB.lignes[0].id, quantite: 1000 }] }),
      404,
      'NOT_FOUND',
    );
    const { facture } = await facturee(100, 1000);
    const mid = await snapshot(server.ctx);
    const manager = await client.post(
      `${factures()}/${facture.id}/avoirs`,
      { cleIdempotence: newKey(), lignes: [{ ligneId: facture.lignes[0].id, quantite: 1000 }] },
      w.tokens.managerA,
    );
    expectProblem(manager, 403, 'FORBIDDEN');
    expect(changedTables(mid, await snapshot(server.ctx))).toEqual([]);
    expect(changedTables(before, mid)).not.toContain('avoirs');
  });
});
