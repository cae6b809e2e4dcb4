import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { boutiqueFrancaise, devisBody, prestation } from './devis.fixtures.js';
import { cle, nouveauClient, nouveauProduit, referentiels } from './ventes.fixtures.js';

describe(`devis : conversion en vente (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let ref: Awaited<ReturnType<typeof referentiels>>;
  const token = {} as Record<'ownerA', { token: string }>;
  const url = (path = '') => `/api/services/${world.shopA.id}/devis${path}`;
  const ventes = (path = '') => `/api/services/${world.shopA.id}/ventes${path}`;
  const db = () => server.ctx.database.db;
  const quantite = async (id: number) =>
    Number(
      (
        await db()
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).quantite,
    );
  const countVentes = async () =>
    Number(
      (
        await db()
          .selectFrom('ventes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let riz: number;
  let clientId: number;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    await boutiqueFrancaise(server.ctx, world.shopA.id);
    token.ownerA = { token: (await login(client, world.ownerA.email)).token };
    ref = await referentiels(server.ctx);
    riz = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Riz parfumé',
      uniteId: ref.kg,
      prixVente: 750,
      prixAchat: 500,
      tauxTva: 550,
      stockInitial: 20_000,
    });
    clientId = await nouveauClient(client, token.ownerA, world.shopA.id, 'Mairie de Montreuil');
  });
  afterAll(() => server.close());

  /** An accepted quote: 4 kg of rice less 5 % and a service, 2,00 € off overall. */
  const accepte = async (kg = 4000) => {
    const { body } = await client.post(
      url(),
      devisBody(
        clientId,
        ref.detail,
        [
          { produitId: riz, quantite: kg, remise: { type: 'pourcent', valeur: 500 } },
          prestation('Livraison et mise en rayon', 3500),
        ],
        { remiseGlobale: { type: 'montant', valeur: 200 } },
      ),
      token.ownerA,
    );
    const ok = await client.post(url(`/${body.id}/acceptation`), undefined, token.ownerA);
    expect(ok.body.statut).toBe('accepte');
    return ok.body;
  };

  it('devis accepté → vente aux prix du devis (même si le prix du produit a changé), ligne de prestation sans stock, reste en dette', async () => {
    const devis = await accepte();
    await db().updateTable('produits').set({ prix_vente: 990 }).where('id', '=', riz).execute();
    const avant = await quantite(riz);
    const conv = await client.post(
      url(`/${devis.id}/conversion`),
      {
        cleIdempotence: cle(),
        paiements: [{ mode: 'virement', montant: 1000 }],
        echeance: '2026-07-15',
      },
      token.ownerA,
    );
    expect(conv.status, JSON.stringify(conv.body)).toBe(201);
    expect(conv.body.statut).toBe('converti');
    const vente = (await client.get(ventes(`/${conv.body.vente.id}`), token.ownerA)).body;
    expect(vente.numero).toBe(conv.body.vente.numero);
    // The sale's figures are the quote's, line by line (quoted price 7,50 €, not today's 9,90 €).
    for (const k of ['totalBrut', 'totalRemises', 'totalHt', 'totalTva', 'totalTtc'])
      expect(vente[k], k).toBe(devis[k]);
    expect(vente.lignes.map((l: { prixUnitaire: number }) => l.prixUnitaire)).toEqual([750, 3500]);
    expect(vente.lignes[1]).toMatchObject({ produitId: null, nom: 'Livraison et mise en rayon' });
    // 4 kg × 7,50 € = 30,00 less 5 % = 28,50; + 35,00 = 63,50; less 2,00 = 61,50 €.
    expect(vente.totalTtc).toBe(6150);
    expect(vente).toMatchObject({ montantPaye: 1000, reste: 5150, statut: 'partiellement_payee' });
    expect(vente.dette).toMatchObject({ montant: 5150, echeance: '2026-07-15' });
    expect(vente.client.id).toBe(clientId);
    expect(await quantite(riz)).toBe(avant - 4000);
    const mouvements = await db()
      .selectFrom('mouvements_stock')
      .selectAll()
      .where('document_id', '=', vente.id)
      .where('document_type', '=', 'vente')
      .execute();
    expect(mouvements.map((m) => [m.produit_id, Number(m.quantite)])).toEqual([[riz, -4000]]);
    // A return of the service line is refused; the rice comes back.
    const retour = await client.post(
      `/api/services/${world.shopA.id}/retours`,
      {
        cleIdempotence: cle(),
        venteId: vente.id,
        lignes: [{ ligneId: vente.lignes[1].id, quantite: 1000 }],
        modeRemboursement: 'avoir',
      },
      token.ownerA,
    );
    expect(retour.status).toBeGreaterThanOrEqual(400);
    expect(retour.status).toBeLessThan(500);
    await db().updateTable('produits').set({ prix_vente: 750 }).where('id', '=', riz).execute();
  });

  it('une seule vente par devis, même sous des clics simultanés ; même clé : la même réponse ; stock vérifié à la conversion', async () => {
    const devis = await accepte();
    const avant = [await countVentes(), await quantite(riz)];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.post(
          url(`/${devis.id}/conversion`),
          { cleIdempotence: cle(), paiements: [{ mode: 'carte', montant: 6150 }] },
          token.ownerA,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409 || s === 422)).toBe(true);
    expect([await countVentes(), await quantite(riz)]).toEqual([avant[0]! + 1, avant[1]! - 4000]);
    const key = cle();
    const again = await accepte();
    const first = await client.post(
      url(`/${again.id}/conversion`),
      { cleIdempotence: key, paiements: [{ mode: 'carte', montant: 6150 }] },
      token.ownerA,
    );
    const retry = await client.post(
      url(`/${again.id}/conversion`),
      { cleIdempotence: key, paiements: [{ mode: 'carte', montant: 6150 }] },
      token.ownerA,
    );
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.vente).toEqual(first.body.vente);

    // 60 kg quoted while 8 kg are left on the shelf: accepted, but the conversion finds the stock short.
    const trop = await accepte(60_000);
    const before = [await countVentes(), await quantite(riz)];
    const refused = expectProblem(
      await client.post(
        url(`/${trop.id}/conversion`),
        { cleIdempotence: cle(), paiements: [{ mode: 'carte', montant: 46_050 }] },
        token.ownerA,
      ),
      409,
      'CONFLICT',
    );
    expect(refused.detail).toContain('Stock insuffisant');
    expect([await countVentes(), await quantite(riz)]).toEqual(before);
    expect((await client.get(url(`/${trop.id}`), token.ownerA)).body.statut).toBe('accepte');
  });

  it('seul un devis accepté se convertit (422), rien n’est écrit', async () => {
    const { body: draft } = await client.post(
      url(),
      devisBody(clientId, ref.detail, [prestation('Conseil', 1000)]),
      token.ownerA,
    );
    const before = await countVentes();
    expectProblem(
      await client.post(
        url(`/${draft.id}/conversion`),
        { cleIdempotence: cle(), paiements: [] },
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    await client.post(url(`/${draft.id}/refus`), undefined, token.ownerA);
    expectProblem(
      await client.post(
        url(`/${draft.id}/conversion`),
        { cleIdempotence: cle(), paiements: [] },
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(await countVentes()).toBe(before);
  });
});
