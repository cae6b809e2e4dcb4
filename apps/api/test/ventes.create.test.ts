import { frenchSortKey } from '@comptoir/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import {
  createService,
  createTenants,
  dayFromToday,
  login,
  subscribe,
} from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { cle, nouveauClient, nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

describe(`ventes : création (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let ref: Awaited<ReturnType<typeof referentiels>>;
  const token = {} as Record<
    'admin' | 'ownerA' | 'managerA' | 'ownerB' | 'managerB',
    { token: string }
  >;
  const url = (path = '', shop = world.shopA.id) => `/api/services/${shop}/ventes${path}`;
  const count = async (
    table: 'ventes' | 'paiements' | 'mouvements_stock' | 'dettes' | 'vente_lignes',
  ) =>
    Number(
      (
        await server.ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const quantite = async (id: number) =>
    Number(
      (
        await server.ctx.database.db
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).quantite,
    );
  let riz: number;
  let savon: number;
  let huile: number;

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : ni l'année des numéros ni les échéances ne suivent la date réelle.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'managerA', 'ownerB', 'managerB'] as const)
      token[name] = { token: (await login(client, world[name].email)).token };
    ref = await referentiels(server.ctx);
    riz = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Riz parfumé',
      uniteId: ref.kg,
      prixVente: 750,
      prixGros: 650,
      prixAchat: 500,
      stockInitial: 3000,
    });
    savon = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Savon',
      uniteId: ref.piece,
      prixVente: 300,
      prixAchat: 200,
      stockInitial: 100_000,
    });
    huile = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Huile 1 L',
      uniteId: ref.piece,
      prixVente: 1500,
      stockInitial: 50_000,
    });
  });
  afterAll(() => server.close());

  it('vente payée en espèces : prix du détail, instantanés, rendu, stock sorti par le registre, numéro V-AAAA-000001', async () => {
    const answer = await client.post(
      url(),
      panier(
        ref.detail,
        [
          { produitId: riz, quantite: 1500 },
          { produitId: savon, quantite: 2000 },
        ],
        {
          paiements: [{ mode: 'especes', montant: 1725, recu: 2000 }],
        },
      ),
      token.managerA,
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
    const v = answer.body;
    expect(v.numero).toBe(`V-2026-000001`);
    expect(v).toMatchObject({
      devise: 'XOF',
      client: null,
      vendeur: { id: world.managerA.id },
      totalBrut: 1725,
      totalTtc: 1725,
      totalHt: 1725,
      totalTva: 0,
      montantPaye: 1725,
      reste: 0,
      rendu: 275,
      dette: null,
      statut: 'payee',
      impressions: 0,
      retours: [],
      typeVente: { id: ref.detail, nom: 'Vente au détail' },
    });
    expect(v.lignes[0]).toMatchObject({
      produitId: riz,
      nom: 'Riz parfumé',
      uniteSymbole: 'kg',
      fractionnable: true,
      quantite: 1500,
      prixUnitaire: 750,
      prixAchat: 500,
      montantTtc: 1125,
      quantiteRetournee: 0,
    });
    // The lines say whether their unit splits (the return dialog asks nothing more).
    expect(v.lignes.map((l: { fractionnable: boolean }) => l.fractionnable)).toEqual([true, false]);
    expect(v.paiements).toEqual([
      expect.objectContaining({
        mode: 'especes',
        montant: 1725,
        recu: 2000,
        rendu: 275,
        operateur: null,
      }),
    ]);
    expect(await quantite(riz)).toBe(1500);
    const moves = (
      await client.get(`/api/services/${world.shopA.id}/produits/${riz}/mouvements`, token.ownerA)
    ).body.items;
    expect(moves[0]).toMatchObject({
      type: 'vente',
      quantite: -1500,
      documentType: 'vente',
      documentId: v.id,
      motif: `Vente ${v.numero}`,
    });
    expect((await client.get(url(`/${v.id}`), token.ownerA)).body).toEqual(v);
  });

  it('vente en gros : prix de gros, à défaut celui du détail ; même produit sur deux lignes', async () => {
    const { body: v } = await client.post(
      url(),
      panier(
        ref.gros,
        [
          { produitId: riz, quantite: 1000 },
          { produitId: huile, quantite: 1000 },
          { produitId: riz, quantite: 500 },
        ],
        {
          paiements: [{ mode: 'carte', montant: 2475 }],
        },
      ),
      token.ownerA,
    );
    expect(v.lignes.map((l: any) => l.prixUnitaire)).toEqual([650, 1500, 650]);
    expect(v.totalTtc).toBe(650 + 1500 + 325);
    expect(await quantite(riz)).toBe(0);
  });

  it('stock insuffisant : 409 nommant le produit et la quantité disponible avec son unité ; rien n’est enregistré', async () => {
    const before = await count('ventes');
    const short = expectProblem(
      await client.post(
        url(),
        panier(
          ref.detail,
          [
            { produitId: savon, quantite: 1000 },
            { produitId: riz, quantite: 1000 },
          ],
          { paiements: [{ mode: 'especes', montant: 1050 }] },
        ),
        token.ownerA,
      ),
      409,
      'CONFLICT',
    );
    expect(short.detail).toBe('Stock insuffisant pour « Riz parfumé » : 0 kg disponible.');
    expect(await count('ventes')).toBe(before);
    expect(await quantite(savon)).toBe(98_000);
    await client.post(
      `/api/services/${world.shopA.id}/produits/${riz}/ajustements`,
      { quantite: 3000, motif: 'Arrivage' },
      token.ownerA,
    );
    const three = expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: riz, quantite: 3500 }], {
          paiements: [{ mode: 'carte', montant: 2625 }],
        }),
        token.ownerA,
      ),
      409,
      'CONFLICT',
    );
    expect(three.detail).toBe('Stock insuffisant pour « Riz parfumé » : 3 kg disponibles.');
    // The number given back by the refused sale is the next one: no gap.
    const next = (
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
          paiements: [{ mode: 'especes', montant: 300 }],
        }),
        token.ownerA,
      )
    ).body;
    expect(next.numero).toBe(`V-2026-000003`);
  });

  it('paiements : total dépassé 422, mobile money exige l’opérateur, reçu seulement pour les espèces', async () => {
    const over = expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
          paiements: [
            { mode: 'especes', montant: 200 },
            { mode: 'carte', montant: 200 },
          ],
        }),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(over.detail).toBe(
      'Les paiements (400\u00A0FCFA) dépassent le total de la vente (300\u00A0FCFA).',
    );
    expectValidation(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
          paiements: [{ mode: 'mobile_money', montant: 300 }],
        }),
        token.ownerA,
      ),
      'paiements.0.operateur',
    );
    expectValidation(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
          paiements: [{ mode: 'carte', montant: 300, recu: 500 }],
        }),
        token.ownerA,
      ),
      'paiements.0.recu',
    );
    const { body: v } = await client.post(
      url(),
      panier(ref.detail, [{ produitId: savon, quantite: 3000 }], {
        paiements: [
          { mode: 'especes', montant: 400, recu: 1000 },
          { mode: 'mobile_money', montant: 500, operateur: 'Wave', reference: 'TX-42' },
        ],
      }),
      token.ownerA,
    );
    expect(
      v.paiements.map((p: any) => [p.mode, p.montant, p.rendu, p.operateur, p.reference]),
    ).toEqual([
      ['especes', 400, 600, null, null],
      ['mobile_money', 500, 0, 'Wave', 'TX-42'],
    ]);
    expect(v.rendu).toBe(600);
  });

  it('reste à payer : exige un client et une échéance, crée la dette ; statut à crédit ou partiellement payée', async () => {
    const noClient = expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 2000 }], {
          paiements: [{ mode: 'especes', montant: 100 }],
        }),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(noClient.detail).toBe('Le reste à payer (500\u00A0FCFA) exige un client.');
    const clientId = await nouveauClient(client, token.ownerA, world.shopA.id, 'Moussa Diop');
    const noDate = expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 2000 }], { clientId }),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(noDate.detail).toBe("Le reste à payer (600\u00A0FCFA) exige une date d'échéance.");
    expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 2000 }], {
          clientId,
          echeance: dayFromToday(-3, server.clock),
        }),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    const echeance = dayFromToday(30, server.clock);
    const credit = (
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 2000 }], { clientId, echeance }),
        token.managerA,
      )
    ).body;
    expect(credit).toMatchObject({
      statut: 'a_credit',
      montantPaye: 0,
      reste: 600,
      client: { id: clientId, nom: 'Moussa Diop' },
      dette: { montant: 600, paye: 0, reste: 600, echeance, statut: 'en_cours' },
    });
    const partial = (
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 2000 }], {
          clientId,
          echeance,
          paiements: [{ mode: 'cheque', montant: 100, reference: 'CHQ 1' }],
        }),
        token.managerA,
      )
    ).body;
    expect(partial).toMatchObject({
      statut: 'partiellement_payee',
      montantPaye: 100,
      reste: 500,
      dette: { montant: 500 },
    });
    // A customer with sales cannot be deleted.
    const del = expectProblem(
      await client.delete(`/api/services/${world.shopA.id}/clients/${clientId}`, token.ownerA),
      409,
      'CONFLICT',
    );
    expect(del.detail).toContain('2 ventes');
  });

  it('plafond de crédit : encours + reste au plus le plafond (422 chiffré) ; l’avoir que la vente utilise paie la nouvelle dette, hors plafond', async () => {
    const clientId = await nouveauClient(client, token.ownerA, world.shopA.id, 'Awa Ndiaye', 1000);
    const echeance = dayFromToday(10, server.clock);
    expect(
      (
        await client.post(
          url(),
          panier(ref.detail, [{ produitId: savon, quantite: 3000 }], { clientId, echeance }),
          token.ownerA,
        )
      ).status,
    ).toBe(201);
    const refused = expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: huile, quantite: 1000 }], { clientId, echeance }),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(refused.detail).toBe(
      'Plafond de crédit de « Awa Ndiaye » dépassé : encours 900\u00A0FCFA + reste 1\u202F500\u00A0FCFA > plafond 1\u202F000\u00A0FCFA.',
    );
    expect(
      (
        await client.post(
          url(),
          panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
            clientId,
            echeance,
            paiements: [{ mode: 'especes', montant: 200 }],
          }),
          token.ownerA,
        )
      ).body.reste,
    ).toBe(100);
    // Credit of a return (an 'avoir' règlement with something available) the sale uses pays its debt, oldest first.
    const { db } = server.ctx.database;
    const clientAvoir = await nouveauClient(
      client,
      token.ownerA,
      world.shopA.id,
      'Fatou Sall',
      300,
    );
    const now = server.clock.now().toISOString();
    const avoirs = [];
    for (const montant of [700, 500]) {
      avoirs.push(
        (
          await db
            .insertInto('reglements')
            .values({
              service_id: world.shopA.id,
              client_id: clientAvoir,
              mode: 'avoir',
              montant,
              disponible: montant,
              operateur: null,
              reference: null,
              retour_id: null,
              cle_idempotence: null,
              empreinte: null,
              user_id: world.ownerA.id,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    const v = (
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: huile, quantite: 1000 }], {
          clientId: clientAvoir,
          echeance,
          avoir: 1200,
        }),
        token.ownerA,
      )
    ).body;
    expect(v).toMatchObject({
      totalTtc: 1500,
      montantPaye: 0,
      reste: 300,
      statut: 'a_credit',
      dette: { montant: 1500, paye: 1200, reste: 300 },
    });
    const left = await db
      .selectFrom('reglements')
      .select(['id', 'disponible'])
      .where('id', 'in', avoirs)
      .orderBy('id')
      .execute();
    expect(left.map((r) => Number(r.disponible))).toEqual([0, 0]);
    const allocations = await db
      .selectFrom('reglement_allocations')
      .select(['reglement_id', 'montant'])
      .where('dette_id', '=', v.dette.id)
      .orderBy('id')
      .execute();
    expect(allocations.map((a) => [a.reglement_id, Number(a.montant)])).toEqual([
      [avoirs[0], 700],
      [avoirs[1], 500],
    ]);
  });

  it('idempotence : même clé et même panier → la première vente (201, Idempotent-Replayed), rien de nouveau ; autre panier → 409', async () => {
    const body = panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
      paiements: [{ mode: 'mobile_money', montant: 300, operateur: 'Orange Money' }],
    });
    const first = await client.post(url(), body, token.managerA);
    expect(first.status).toBe(201);
    const counts = await Promise.all(
      (['ventes', 'paiements', 'mouvements_stock', 'vente_lignes'] as const).map(count),
    );
    const again = await client.post(url(), body, token.managerA);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(
      await Promise.all(
        (['ventes', 'paiements', 'mouvements_stock', 'vente_lignes'] as const).map(count),
      ),
    ).toEqual(counts);
    const other = expectProblem(
      await client.post(
        url(),
        { ...body, lignes: [{ produitId: savon, quantite: 2000 }] },
        token.managerA,
      ),
      409,
      'CONFLICT',
    );
    expect(other.detail).toBe('Cette clé a déjà servi pour une autre vente.');
    // Concurrent duplicates: all answer the same sale, never a 500.
    const twin = panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
      paiements: [{ mode: 'especes', montant: 300 }],
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.post(url(), twin, token.managerA)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
  });

  it('produit désactivé 422 ; quantité fractionnaire d’une unité entière 422 nommant le produit ; kilo fractionnable', async () => {
    const frac = expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 1500 }]),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(frac.detail).toBe(
      "L'unité « pièce » de « Savon » ne se fractionne pas : la quantité doit être un nombre entier.",
    );
    const old = await nouveauProduit(client, token.ownerA, world.shopA.id, {
      nom: 'Ancien article',
      uniteId: ref.piece,
      prixVente: 100,
      stockInitial: 5000,
    });
    await client.post(
      `/api/services/${world.shopA.id}/produits/${old}/desactiver`,
      undefined,
      token.ownerA,
    );
    const off = expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: old, quantite: 1000 }], {
          paiements: [{ mode: 'especes', montant: 100 }],
        }),
        token.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(off.detail).toBe(
      'Le produit « Ancien article » est désactivé : il ne peut pas être vendu.',
    );
  });

  it('autre boutique : produit, client, vente 404 ; gérant d’une autre boutique 404 ; admin 403', async () => {
    const produitB = await nouveauProduit(client, token.ownerB, world.shopB.id, {
      nom: 'Produit B',
      uniteId: ref.piece,
      prixVente: 100,
      stockInitial: 5000,
    });
    const clientB = await nouveauClient(client, token.ownerB, world.shopB.id, 'Client B');
    const venteB = (
      await client.post(
        url('', world.shopB.id),
        panier(ref.detail, [{ produitId: produitB, quantite: 1000 }], {
          paiements: [{ mode: 'especes', montant: 100 }],
        }),
        token.managerB,
      )
    ).body;
    expect(venteB.numero).toBe(`V-2026-000001`);
    expect(
      expectProblem(
        await client.post(
          url(),
          panier(ref.detail, [{ produitId: produitB, quantite: 1000 }]),
          token.ownerA,
        ),
        404,
        'NOT_FOUND',
      ).detail,
    ).toBe(`Produit introuvable (identifiant ${produitB}).`);
    expect(
      expectProblem(
        await client.post(
          url(),
          panier(ref.detail, [{ produitId: savon, quantite: 1000 }], {
            clientId: clientB,
            echeance: dayFromToday(5, server.clock),
          }),
          token.ownerA,
        ),
        404,
        'NOT_FOUND',
      ).detail,
    ).toBe('Client introuvable.');
    expectProblem(await client.get(url(`/${venteB.id}`), token.ownerA), 404, 'NOT_FOUND');
    expectProblem(
      await client.get(url(`/${venteB.id}`, world.shopB.id), token.managerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(
        url('', world.shopB.id),
        panier(ref.detail, [{ produitId: produitB, quantite: 1000 }]),
        token.managerA,
      ),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(
        url(),
        panier(ref.detail, [{ produitId: savon, quantite: 1000 }]),
        token.admin,
      ),
      403,
      'FORBIDDEN',
    );
  });

  it('saisie invalide : 400 en français', async () => {
    expectValidation(
      await client.post(url(), { typeVenteId: ref.detail, lignes: [] }, token.ownerA),
      'cleIdempotence',
      'lignes',
    );
    expectValidation(
      await client.post(
        url(),
        { cleIdempotence: 'x', typeVenteId: 'abc', lignes: [{ produitId: savon, quantite: -1 }] },
        token.ownerA,
      ),
      'cleIdempotence',
      'typeVenteId',
      'lignes.0.quantite',
    );
    expectValidation(
      await client.post(
        url(),
        panier(ref.detail, [
          { produitId: savon, quantite: 1000, remise: { type: 'pourcent', valeur: 12000 } },
        ]),
        token.ownerA,
      ),
      'lignes.0.remise.valeur',
    );
    expectValidation(
      await client.post(
        url(),
        panier(999_999, [{ produitId: savon, quantite: 1000 }]),
        token.ownerA,
      ),
      'typeVenteId',
    );
    expectProblem(await client.post(url(), '{pas du json', token.ownerA), 400, 'BAD_REQUEST');
  });

  it('sans abonnement : 402 à l’enregistrement, la lecture reste ouverte ; devise figée dès la première vente', async () => {
    const ownerC = world.ownerB; // shop B already sold: its currency is locked
    const locked = await client.put(
      `/api/services/${world.shopB.id}`,
      { nom: 'Boutique B', devise: 'EUR', pays: 'CI' },
      token.ownerB,
    );
    expect(expectProblem(locked, 422, 'BUSINESS_RULE').detail).toBe(
      'La devise de cette boutique ne peut plus changer : elle a déjà des documents chiffrés en XOF (ventes, achats, devis ou factures), dont les montants perdraient leur sens.',
    );
    expect((await client.get(`/api/services/${world.shopB.id}`, token.ownerB)).body).toMatchObject({
      devise: 'XOF',
      deviseModifiable: false,
    });
    const { db } = server.ctx.database;
    const shop = await createService(server.ctx, ownerC.id, { nom: 'Boutique C' });
    await db
      .updateTable('abonnements')
      .set({ date_fin: dayFromToday(-2, server.clock) })
      .where('owner_id', '=', ownerC.id)
      .execute();
    const p = await db
      .insertInto('produits')
      .values({
        service_id: shop.id,
        nom: 'Article',
        nom_recherche: 'article',
        nom_tri: frenchSortKey('article'),
        reference: null,
        code_barres: null,
        categorie_id: null,
        marque_id: null,
        unite_id: ref.piece,
        prix_achat: 0,
        prix_vente: 100,
        prix_gros: null,
        taux_tva: 0,
        seuil_alerte: 0,
        quantite: 10_000,
        image_file_id: null,
        description: null,
        actif: 1,
        created_at: server.clock.now().toISOString(),
        updated_at: server.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectProblem(
      await client.post(
        url('', shop.id),
        { ...panier(ref.detail, [{ produitId: p.id, quantite: 1000 }]), cleIdempotence: cle() },
        token.ownerB,
      ),
      402,
      'SUBSCRIPTION_REQUIRED',
    );
    await subscribe(server.ctx, ownerC.id);
  });
});
