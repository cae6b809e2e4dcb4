import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX, type Fixtures, type MatrixRow } from './authorization-matrix.table.js';
import { TEST_DIALECT } from './support/database.js';
import { addMember, createService, createTenants, createUser, login } from './support/factories.js';
import type { Answer, TestClient } from './support/http.js';
import { fileForm, redPng } from './support/images.js';
import { expectProblem } from './support/problem.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The two blind spots of the matrix (issue 17):
 * (a) my shop in the url, another shop's item id after it: 404 and nothing written, for every
 *     registered route with a parameter after :serviceId (derived from ctx.routes);
 * (b) an owner who is also a manager in another owner's shop gets, there, the manager's answer.
 */
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const itemParams = (url: string) =>
  [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => name !== 'serviceId');

describe(`routes imbriquées et propriétaire gérant ailleurs (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let png: Buffer;
  let n = 0;
  const tokens: Record<'ownerA' | 'managerA' | 'ownerB' | 'hybrid', string> = {
    ownerA: '',
    managerA: '',
    ownerB: '',
    hybrid: '',
  };
  /** Item ids by route parameter name, for shop A and shop B, made through the API. */
  const params: Record<'A' | 'B', Record<string, string | number>> = { A: {}, B: {} };
  let fixturesA: Fixtures;

  async function ok(answer: Promise<Answer>, label: string): Promise<any> {
    const a = await answer;
    expect(a.status, `${label} : ${JSON.stringify(a.body).slice(0, 300)}`).toBeLessThan(300);
    return a.body;
  }
  /** A fresh row of `resource` in `shop`, created by its owner through the API. */
  function creator(shop: number, token: string) {
    const post = (path: string, body: unknown) =>
      ok(client.request('POST', `/api/services/${shop}/${path}`, { token, body }), path);
    return {
      categorie: async () => (await post('categories', { nom: `Catégorie ${++n}` })).id as number,
      marque: async () => (await post('marques', { nom: `Marque ${++n}` })).id as number,
      fournisseur: async () =>
        (await post('fournisseurs', { nom: `Fournisseur ${++n}` })).id as number,
      client: async () =>
        (await post('clients', { nom: `Client ${++n}`, confirmerDoublon: true })).id as number,
      produit: async (stockInitial?: number) =>
        (await post('produits', {
          nom: `Produit ${++n}`,
          uniteId: params.A['uniteId'],
          prixVente: 150,
          prixAchat: 100,
          codeBarres: `IMBRIQUE-${n}`,
          ...(stockInitial ? { stockInitial } : {}),
        })) as { id: number; codeBarres: string },
      vente: (body: unknown) => post('ventes', body),
      retour: (venteId: number, body: unknown) => post(`ventes/${venteId}/retours`, body),
      categorieDepense: async () =>
        (await post('categories-depenses', { nom: `Catégorie ${++n}` })).id as number,
      depense: async (categorieId: number) =>
        (
          await post('depenses', {
            cleIdempotence: randomUUID(),
            categorieId,
            libelle: `Dépense ${++n}`,
            montant: 1000,
            date: '2020-01-10',
            mode: 'especes',
          })
        ).id as number,
      achat: async (fournisseurId: number, produitId: number) =>
        (await post('achats', {
          cleIdempotence: randomUUID(),
          fournisseurId,
          date: '2026-06-15',
          lignes: [{ produitId, quantite: 1_000_000, prixUnitaire: 100 }],
        })) as { id: number; lignes: Array<{ id: number }> },
      valider: (achatId: number) =>
        post(`achats/${achatId}/validation`, { cleIdempotence: randomUUID() }),
      inventaire: () => post('inventaires', { perimetre: 'boutique' }),
      caisse: async () => (await post('caisses', { nom: `Caisse ${++n}` })).id as number,
      session: async (caisseId: number) =>
        (await post(`caisses/${caisseId}/sessions`, { fond: 0 })).id as number,
      facture: (body: unknown) => post('factures', body),
      archive: async () => {
        await post('journal/clotures', { periode: 'mois' });
        const url = `/api/services/${shop}/journal/archives`;
        return (await ok(client.request('GET', url, { token }), 'archives'))[0].id as number;
      },
      avoir: (factureId: number, body: unknown) => post(`factures/${factureId}/avoirs`, body),
      /** An offline sale that takes a fresh product's only unit twice: its stock_negatif alert. */
      alerte: async () => {
        const p = await creator(shop, token).produit(1000);
        const caisseId = (await post('caisses', { nom: `Caisse ${++n}` })).id as number;
        await post(`caisses/${caisseId}/sessions`, { fond: 0 });
        const sync = await post(`caisses/${caisseId}/synchro`, {
          clients: [],
          ventes: [
            {
              cleIdempotence: randomUUID(),
              sequence: 1,
              faiteLe: '2026-03-02T10:00:00.000Z',
              typeVenteId: params.A['typeVenteId'],
              clientId: null,
              lignes: [
                {
                  produitId: p.id,
                  quantite: 2000,
                  nom: `Produit ${n}`,
                  uniteSymbole: 'u',
                  prixUnitaire: 150,
                  tauxTva: 0,
                },
              ],
              paiements: [{ mode: 'especes', montant: 300 }],
            },
          ],
        });
        expect(sync.ventes[0].statut, JSON.stringify(sync)).toBe('enregistree');
        const url = `/api/services/${shop}/alertes-hors-ligne?produitId=${p.id}`;
        return (await ok(client.request('GET', url, { token }), 'alertes'))[0].id as number;
      },
      devis: async (clientId: number, produitId: number, accepte = false) => {
        const d = await post('devis', {
          cleIdempotence: randomUUID(),
          clientId,
          typeVenteId: (
            await server.ctx.database.db
              .insertInto('types_ventes')
              .values({ nom: `Devis ${randomUUID()}`, prix_utilise: 'detail', actif: 1 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
          dateValidite: '2999-12-31',
          lignes: [{ produitId, quantite: 1000 }],
        });
        if (accepte) await post(`devis/${d.id}/acceptation`, undefined);
        return d.id as number;
      },
    };
  }
  /** Cancels, through the API, the open inventory of shop A (one open inventory per shop). */
  async function closeInventaires(): Promise<void> {
    const url = `/api/services/${world.shopA.id}/inventaires`;
    const page = await ok(client.request('GET', url, { token: tokens.ownerA }), 'inventaires');
    for (const inv of page.items as Array<{ id: number; statut: string }>)
      if (inv.statut === 'ouvert')
        await ok(
          client.request('POST', `${url}/${inv.id}/annulation`, { token: tokens.ownerA }),
          'annulation',
        );
  }
  /** One item of every kind in `shop`: a debtor's credit sale of a stocked product, and a return of it. */
  async function stock(shop: number, token: string): Promise<Record<string, string | number>> {
    const make = creator(shop, token);
    const produit = await make.produit(1_000_000);
    const libre = await make.produit(1000);
    const clientId = await make.client();
    const vente = await make.vente({
      cleIdempotence: randomUUID(),
      typeVenteId: params.A['typeVenteId'],
      clientId,
      echeance: '2999-12-31',
      lignes: [{ produitId: produit.id, quantite: 500_000 }],
    });
    const venteId = (vente.vente ?? vente).id as number;
    const venteLigneId = (vente.vente ?? vente).lignes[0].id as number;
    const retour = await make.retour(venteId, {
      cleIdempotence: randomUUID(),
      lignes: [{ ligneId: venteLigneId, quantite: 1000 }],
      mode: 'remboursement',
      modeRemboursement: 'especes',
    });
    const categorieDepenseId = await make.categorieDepense();
    const depenseId = await make.depense(categorieDepenseId);
    await ok(
      client.request('POST', `/api/services/${shop}/depenses/${depenseId}/justificatif`, {
        token,
        form: fileForm(png, 'image/png'),
      }),
      'justificatif',
    );
    const fournisseurId = await make.fournisseur();
    const achat = await make.achat(fournisseurId, produit.id);
    await make.valider(achat.id);
    const inventaire = await make.inventaire();
    const caisseId = await make.caisse();
    const sessionId = await make.session(await make.caisse());
    const facture = await make.facture({ cleIdempotence: randomUUID(), venteIds: [venteId] });
    const factureLigneId = facture.lignes[0].id as number;
    const avoir = await make.avoir(facture.id, {
      cleIdempotence: randomUUID(),
      lignes: [{ ligneId: factureLigneId, quantite: 1000 }],
    });
    return {
      categorieDepenseId,
      depenseId,
      inventaireId: inventaire.id as number,
      caisseId,
      sessionId,
      factureId: facture.id as number,
      factureLigneId,
      venteFactureId: venteId,
      avoirId: avoir.id as number,
      archiveId: await make.archive(),
      alerteId: await make.alerte(),
      categorieId: await make.categorie(),
      marqueId: await make.marque(),
      fournisseurId,
      achatId: achat.id,
      achatLigneId: achat.lignes[0]!.id,
      produitId: libre.id,
      produitStockId: produit.id,
      code: libre.codeBarres,
      clientId,
      debiteurId: clientId,
      venteId,
      venteCreditId: venteId,
      venteLigneId,
      retourId: (retour.retour ?? retour).id as number,
      devisId: await make.devis(clientId, produit.id),
      devisClientId: clientId,
      devisEnvoiId: await make.devis(clientId, produit.id),
      devisAccepteId: await make.devis(clientId, produit.id),
      devisRefusId: await make.devis(clientId, produit.id),
    };
  }

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    const { ctx } = server;
    const { db } = ctx.database;
    world = await createTenants(ctx);
    png = await redPng();
    // The owner of another shop, hired as a manager in shop A.
    const hybrid = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE', 'ROLE_GERANT'] });
    await createService(ctx, hybrid.id, { nom: 'Boutique du gérant' });
    await addMember(ctx, world.shopA.id, hybrid.id);
    for (const [who, email] of [
      ['ownerA', world.ownerA.email],
      ['managerA', world.managerA.email],
      ['ownerB', world.ownerB.email],
      ['hybrid', hybrid.email],
    ] as const)
      tokens[who] = (await login(client, email)).token;
    const unite = await db
      .selectFrom('unites')
      .select('id')
      .where('nom', '=', 'carton')
      .executeTakeFirstOrThrow();
    const typeVente = await db
      .selectFrom('types_ventes')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    params.A = { uniteId: unite.id, typeVenteId: typeVente.id };
    params.A = { ...params.A, ...(await stock(world.shopA.id, tokens.ownerA)) };
    params.B = await stock(world.shopB.id, tokens.ownerB);
    const makeA = creator(world.shopA.id, tokens.ownerA);
    const unused = (what: string) => () => {
      throw new Error(`${what} : sans objet pour une route de boutique`);
    };
    fixturesA = {
      params: params.A,
      newEmail: () => `imbrique.${++n}@exemple.test`,
      newName: (prefix) => `${prefix} ${++n}`,
      newUnite: unused('newUnite'),
      newTypeVente: async () =>
        (
          await db
            .insertInto('types_ventes')
            .values({ nom: `Jetable ${++n}`, prix_utilise: 'detail', actif: 1 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      newPlan: unused('newPlan'),
      newCategorie: makeA.categorie,
      newMarque: makeA.marque,
      newProduit: async () => (await makeA.produit()).id,
      newClient: makeA.client,
      newFournisseur: makeA.fournisseur,
      newDepense: () => makeA.depense(Number(params.A['categorieDepenseId'])),
      newAchat: async () =>
        (
          await makeA.achat(
            params.A['fournisseurId'] as number,
            params.A['produitStockId'] as number,
          )
        ).id,
      newDevisAccepte: () =>
        makeA.devis(Number(params.A['clientId']), Number(params.A['produitStockId']), true),
      newAbonnement: unused('newAbonnement'),
      newOwner: unused('newOwner'),
      loginBody: unused('loginBody'),
      newRefreshToken: unused('newRefreshToken'),
      newResetKey: unused('newResetKey'),
      newInvitation: unused('newInvitation'),
      newInvitationKey: unused('newInvitationKey'),
      photoForm: () => fileForm(png, 'image/png'),
      closeInventaires: () => closeInventaires(),
      newCaisse: () => makeA.caisse(),
      newCaisseSession: async () => makeA.session(await makeA.caisse()),
      newInventaire: async () => {
        await closeInventaires();
        return (await makeA.inventaire()).id as number;
      },
      password: '',
    };
  });
  afterAll(() => server.close());

  const shopRows = () => MATRIX.filter((row) => row.url.includes(':serviceId') && !row.isolate);
  const nestedRows = () => shopRows().filter((row) => itemParams(row.url).length > 0);

  /** The row's call on shop A as `token`, with `item` ids in the url over the call's own; what changed. */
  async function callOnA(
    row: MatrixRow,
    token: string,
    item: Record<string, string | number> | undefined,
  ): Promise<{ answer: Answer; changed: string[] }> {
    const call =
      (await row.call?.(fixturesA, { actor: 'managerA', ownShop: world.shopA.id })) ?? {};
    const values = { ...params.A, ...call.params, ...item };
    const url =
      row.url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'serviceId' ? String(world.shopA.id) : encodeURIComponent(String(values[name])),
      ) + (call.query ? `?${call.query}` : '');
    const before = await snapshot(server.ctx);
    const answer = await client.request(row.method, url, {
      token,
      ...(call.form ? { form: call.form } : {}),
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
    return { answer, changed: changedTables(before, await snapshot(server.ctx)) };
  }

  it('chaque route imbriquée enregistrée a sa ligne et une façon de créer son élément dans la boutique B', () => {
    const registered = server.ctx.routes.filter((r) => r.service && itemParams(r.url).length > 0);
    expect(registered.length).toBeGreaterThanOrEqual(25);
    for (const route of registered) {
      expect(nestedRows().map(key), `${key(route)} : ligne de matrice attendue`).toContain(
        key(route),
      );
      for (const name of itemParams(route.url))
        expect(
          params.B[name],
          `${key(route)} : aucune fabrique de :${name} dans la boutique B`,
        ).toBeDefined();
    }
  });

  describe('ma boutique, l’élément d’une autre boutique → 404, rien d’écrit', () => {
    for (const row of nestedRows()) {
      for (const actor of ['ownerA', 'managerA'] as const) {
        if (row.expect[actor] !== 'ok') continue;
        it(`${key(row)} par ${actor}`, async () => {
          const item = Object.fromEntries(
            itemParams(row.url).map((name) => [name, params.B[name]!]),
          );
          const { answer, changed } = await callOnA(row, tokens[actor], item);
          expectProblem(answer, 404, 'NOT_FOUND');
          expect(changed, `${key(row)} par ${actor} a écrit`).toEqual([]);
        });
      }
    }
  });

  describe('un propriétaire gérant dans la boutique A reçoit la réponse du gérant', () => {
    for (const row of shopRows()) {
      const expected = row.expect.managerA;
      it(`${key(row)} → ${expected}`, async () => {
        const { answer, changed } = await callOnA(row, tokens.hybrid, undefined);
        const label = `${key(row)} : ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
        if (expected === 'ok') {
          expect(answer.status < 300, label).toBe(true);
        } else {
          expectProblem(answer, 403, 'FORBIDDEN');
          expect(changed, label).toEqual([]);
        }
      });
    }
  });
});
