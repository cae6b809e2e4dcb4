import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { boutiqueFrancaise, devisBody, prestation } from './devis.fixtures.js';
import { cle, nouveauClient, nouveauProduit, referentiels } from './ventes.fixtures.js';

describe(`devis : convertir en vente et facturer (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let ref: Awaited<ReturnType<typeof referentiels>>;
  let owner: { token: string };
  let riz: number;
  let clientId: number;
  const shop = (path: string) => `/api/services/${world.shopA.id}${path}`;
  const db = () => server.ctx.database.db;
  const count = async (table: 'ventes' | 'factures' | 'mouvements_stock') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stock = async () =>
    Number(
      (
        await db()
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', riz)
          .executeTakeFirstOrThrow()
      ).quantite,
    );
  /** What a failed conversion must leave untouched. */
  const etat = async () => [
    await count('ventes'),
    await count('factures'),
    await count('mouvements_stock'),
    await stock(),
  ];

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    await boutiqueFrancaise(server.ctx, world.shopA.id);
    owner = { token: (await login(client, world.ownerA.email)).token };
    ref = await referentiels(server.ctx);
    riz = await nouveauProduit(client, owner, world.shopA.id, {
      nom: 'Riz parfumé',
      uniteId: ref.kg,
      prixVente: 750,
      prixAchat: 500,
      tauxTva: 550,
      stockInitial: 20_000,
    });
    clientId = await nouveauClient(client, owner, world.shopA.id, 'Mairie de Montreuil');
  });
  afterAll(() => server.close());

  /** An accepted quote: 2 kg of rice (5,5 %) and a service (20 %): 15,00 + 35,00 = 50,00 €. */
  const accepte = async () => {
    const { body } = await client.post(
      shop('/devis'),
      devisBody(clientId, ref.detail, [
        { produitId: riz, quantite: 2000 },
        prestation('Livraison et mise en rayon', 3500),
      ]),
      owner,
    );
    const ok = await client.post(shop(`/devis/${body.id}/acceptation`), undefined, owner);
    expect(ok.body.statut).toBe('accepte');
    return ok.body;
  };

  it('une facture qui ne peut pas être émise annule la vente : ni vente, ni stock, ni numéro consommé', async () => {
    const devis = await accepte();
    const avant = await etat();
    // The invoice's due date before the sale's day: emettreFacture refuses after the sale was written.
    const refus = expectProblem(
      await client.post(
        shop(`/devis/${devis.id}/conversion`),
        {
          cleIdempotence: cle(),
          paiements: [{ mode: 'carte', montant: 5000 }],
          facture: { echeance: '2026-06-01' },
        },
        owner,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(refus.detail).toBe('L’échéance ne peut pas précéder la date de la vente.');
    expect(await etat()).toEqual(avant);
    const apres = (await client.get(shop(`/devis/${devis.id}`), owner)).body;
    expect(apres).toMatchObject({ statut: 'accepte', vente: null, facture: null });

    // The same quote converts and invoices now; the sale takes the number the failure did not use.
    const conv = await client.post(
      shop(`/devis/${devis.id}/conversion`),
      {
        cleIdempotence: cle(),
        paiements: [{ mode: 'carte', montant: 5000 }],
        facture: {},
      },
      owner,
    );
    expect(conv.status, JSON.stringify(conv.body)).toBe(201);
    expect(conv.body.vente.numero).toMatch(/-000001$/);
    expect(conv.body.facture.numero).toBe('F-2026-000001');
    expect(await etat()).toEqual([avant[0]! + 1, avant[1]! + 1, avant[2]! + 1, avant[3]! - 2000]);
  });

  it('la vente et sa facture en une fois : mêmes montants que le devis, nature mixte, client du devis', async () => {
    const devis = await accepte();
    const conv = await client.post(
      shop(`/devis/${devis.id}/conversion`),
      {
        cleIdempotence: cle(),
        paiements: [{ mode: 'especes', montant: 2000 }],
        echeance: '2026-07-15',
        facture: {},
      },
      owner,
    );
    expect(conv.status, JSON.stringify(conv.body)).toBe(201);
    expect(conv.body.statut).toBe('converti');
    const facture = (await client.get(shop(`/factures/${conv.body.facture.id}`), owner)).body;
    expect(facture.numero).toBe(conv.body.facture.numero);
    expect(facture.ventes.map((v: { id: number }) => v.id)).toEqual([conv.body.vente.id]);
    expect(facture).toMatchObject({
      nature: 'mixte',
      echeance: '2026-07-15',
      client: { id: clientId, nom: 'Mairie de Montreuil' },
      note: `Devis ${devis.numero}`,
      totalHt: devis.totalHt,
      totalTva: devis.totalTva,
      totalTtc: 5000,
      reste: 3000,
    });
    expect(facture.lignes.map((l: { nom: string }) => l.nom)).toEqual([
      'Riz parfumé',
      'Livraison et mise en rayon',
    ]);
    // The sale is invoiced: a second invoice of it is refused.
    expectProblem(
      await client.post(
        shop('/factures'),
        { cleIdempotence: cle(), venteIds: [conv.body.vente.id] },
        owner,
      ),
      409,
      'CONFLICT',
    );
    // Without the option, a conversion issues no invoice.
    const seule = await accepte();
    const avant = await count('factures');
    const sans = await client.post(
      shop(`/devis/${seule.id}/conversion`),
      { cleIdempotence: cle(), paiements: [{ mode: 'carte', montant: 5000 }] },
      owner,
    );
    expect(sans.status).toBe(201);
    expect(sans.body.facture).toBeNull();
    expect(await count('factures')).toBe(avant);
  });

  it('une nature inconnue est refusée en français (400), rien n’est écrit', async () => {
    const devis = await accepte();
    const avant = await etat();
    const bad = expectProblem(
      await client.post(
        shop(`/devis/${devis.id}/conversion`),
        { cleIdempotence: cle(), paiements: [], facture: { nature: 'troc' } },
        owner,
      ),
      400,
      'VALIDATION',
    );
    expect(JSON.stringify(bad)).toContain('La nature de l’opération');
    expect(await etat()).toEqual(avant);
  });
});
