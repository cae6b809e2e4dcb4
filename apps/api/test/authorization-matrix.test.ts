import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achatInputSchema,
  achatValidationSchema,
  avoirInputSchema,
  factureInputSchema,
  devisInputSchema,
  formatDate,
  retourInputSchema,
  venteInputSchema,
  frenchSortKey,
} from '@comptoir/shared';
import { nowIso } from '../src/db/time.js';
import { applyMovement } from '../src/modules/stock/stock.service.js';
import { createVente } from '../src/modules/ventes/ventes.create.js';
import { createRetour } from '../src/modules/retours/retours.create.js';
import { createAchat } from '../src/modules/achats/achats.draft.js';
import { validateAchat } from '../src/modules/achats/achats.validate.js';
import { openInventaire } from '../src/modules/inventaires/inventaires.service.js';
import { validateInventaire } from '../src/modules/inventaires/inventaires.validation.js';
import { createAvoir } from '../src/modules/factures/avoirs.create.js';
import { createFacture } from '../src/modules/factures/factures.create.js';
import { createDevis } from '../src/modules/devis/devis.service.js';
import { deciderDevis } from '../src/modules/devis/devis.statut.js';
import { createCaisse, openSession } from '../src/modules/caisses/caisses.service.js';
import { cloturer } from '../src/modules/journal/journal.clotures.js';
import { hashToken, newOpaqueToken } from '../src/modules/auth/tokens.js';
import {
  ACTORS,
  MATRIX,
  SIGNED_IN,
  type Actor,
  type Expected,
  type Fixtures,
  type MatrixRow,
  type SignedIn,
} from './authorization-matrix.table.js';
import { TEST_DIALECT } from './support/database.js';
import {
  addMember,
  createPlan,
  createService,
  createTenants,
  createUser,
  dayFromToday,
  login,
  PASSWORD,
  subscribe,
} from './support/factories.js';
import type { Answer, TestClient } from './support/http.js';
import { fileForm, redPng } from './support/images.js';
import { insertInvitation } from './support/invitations.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { depenseFixtures } from './support/depenses.js';

const key = (method: string, url: string) => `${method} ${url}`;
const isShopScoped = (url: string) => url.includes(':serviceId');

/** Problem code that goes with each refusal. */
const REFUSAL_CODES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
};

function assertExpected(answer: Answer, expected: Expected, label: string): void {
  const seen = `${label} → ${answer.status} ${typeof answer.body === 'object' && !Buffer.isBuffer(answer.body) ? JSON.stringify(answer.body).slice(0, 300) : ''}`;
  if (expected === 'ok') {
    expect(answer.status >= 200 && answer.status < 300, `2xx attendu : ${seen}`).toBe(true);
  } else if (expected === 'open') {
    expect([401, 403], `ni 401 ni 403 attendus : ${seen}`).not.toContain(answer.status);
    expect(answer.status, `pas d'erreur serveur : ${seen}`).toBeLessThan(500);
  } else {
    expect(answer.status, seen).toBe(expected);
    expectProblem(answer, expected, REFUSAL_CODES[expected]!);
  }
}

describe(`matrice des autorisations (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const tokens = {} as Record<SignedIn, string>;
  let fixtures: Fixtures;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    const { ctx } = server;
    world = await createTenants(ctx);
    png = await redPng();
    const [admin, ownerA, managerA] = await Promise.all([
      login(client, world.admin.email),
      login(client, world.ownerA.email),
      login(client, world.managerA.email),
    ]);
    tokens.admin = admin.token;
    tokens.ownerA = ownerA.token;
    tokens.managerA = managerA.token;

    // A stored image, owned by owner B: public by design (the id is the capability).
    const fileId = 'f'.repeat(32);
    await ctx.database.db
      .insertInto('files')
      .values({
        id: fileId,
        content_type: 'image/png',
        size: png.length,
        data: png,
        created_by: world.ownerB.id,
        created_at: nowIso(),
      })
      .execute();
    const loginAccount = await createUser(ctx, {
      roles: ['ROLE_GERANT'],
      email: 'matrice.connexion@exemple.test',
    });
    const resetAccount = await createUser(ctx, {
      roles: ['ROLE_GERANT'],
      email: 'matrice.oubli@exemple.test',
    });

    // Targets of the accounts, subscriptions, units and sale types rows.
    const employee = await createUser(ctx, {
      roles: ['ROLE_GERANT'],
      email: 'matrice.employe@exemple.test',
    });
    await addMember(ctx, world.shopA.id, employee.id);
    // A manager of shop A who never chose a password: his invitation can be resent.
    const pendingManager = await createUser(ctx, { roles: ['ROLE_GERANT'] });
    await addMember(ctx, world.shopA.id, pendingManager.id);
    await ctx.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', pendingManager.id)
      .execute();
    const plan = await createPlan(ctx, { nom: 'Formule de la matrice' });
    const ownerC = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const subscriptionC = await subscribe(ctx, ownerC.id, { planId: plan.id });
    const unite = await ctx.database.db
      .selectFrom('unites')
      .select('id')
      .where('nom', '=', 'carton')
      .executeTakeFirstOrThrow();
    const typeVente = await ctx.database.db
      .selectFrom('types_ventes')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    let n = 0;
    const { db } = ctx.database;
    const shopA = world.shopA.id;
    const newNamed = async (table: 'categories' | 'marques') =>
      (
        await db
          .insertInto(table)
          .values({
            service_id: shopA,
            nom: `Jetable ${++n}`,
            nom_cle: `jetable ${n}`,
            nom_tri: `jetable ${n}`,
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const newProduit = async () =>
      (
        await db
          .insertInto('produits')
          .values({
            service_id: shopA,
            nom: `Produit ${++n}`,
            nom_recherche: `produit ${n}`,
            nom_tri: frenchSortKey(`produit ${n}`),
            reference: null,
            code_barres: `MATRICE-${n}`,
            categorie_id: null,
            marque_id: null,
            unite_id: unite.id,
            prix_achat: 100,
            prix_vente: 150,
            prix_gros: null,
            taux_tva: 0,
            seuil_alerte: 0,
            image_file_id: null,
            description: null,
            actif: 1,
            created_at: nowIso(),
            updated_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const newClient = async () =>
      (
        await db
          .insertInto('clients')
          .values({
            service_id: shopA,
            nom: `Client ${++n}`,
            nom_recherche: `client ${n}`,
            nom_tri: frenchSortKey(`client ${n}`),
            telephone: null,
            email: null,
            adresse: null,
            notes: null,
            plafond_credit: null,
            actif: 1,
            created_at: nowIso(),
            updated_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const newFournisseur = async () =>
      (
        await db
          .insertInto('fournisseurs')
          .values({
            service_id: shopA,
            nom: `Fournisseur ${++n}`,
            nom_recherche: `fournisseur ${n}`,
            nom_tri: frenchSortKey(`fournisseur ${n}`),
            contact: null,
            telephone: null,
            email: null,
            adresse: null,
            actif: 1,
            created_at: nowIso(),
            updated_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const produitId = await newProduit();
    const code = (
      await db
        .selectFrom('produits')
        .select('code_barres')
        .where('id', '=', produitId)
        .executeTakeFirstOrThrow()
    ).code_barres!;
    const categorieId = await newNamed('categories');
    const marqueId = await newNamed('marques');
    const clientId = await newClient();
    const fournisseurId = await newFournisseur();
    const newOwner = async () => (await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] })).id;
    // Sales: a product of shop A with plenty of stock, and one sale of it.
    const produitStockId = await newProduit();
    await db.transaction().execute((trx) =>
      applyMovement(trx, {
        serviceId: shopA,
        produitId: produitStockId,
        quantite: 1_000_000,
        type: 'initial',
        userId: null,
      }),
    );
    const shopARow = await db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', shopA)
      .executeTakeFirstOrThrow();
    const venteId = (
      await createVente(
        ctx,
        world.ownerA.id,
        shopARow,
        venteInputSchema.parse({
          cleIdempotence: 'matrice-vente-1',
          typeVenteId: typeVente.id,
          lignes: [{ produitId: produitStockId, quantite: 1000 }],
          paiements: [{ mode: 'especes', montant: 150 }],
        }),
      )
    ).vente.id;
    // Returns and repayments: a credit sale of many units to a customer (debiteurId), and one return of it.
    const debiteurId = await newClient();
    const venteCredit = (
      await createVente(
        ctx,
        world.ownerA.id,
        shopARow,
        venteInputSchema.parse({
          cleIdempotence: 'matrice-vente-credit',
          typeVenteId: typeVente.id,
          clientId: debiteurId,
          echeance: '2999-12-31',
          lignes: [{ produitId: produitStockId, quantite: 500_000 }],
        }),
      )
    ).vente;
    const venteLigneId = venteCredit.lignes[0]!.id;
    const retourId = (
      await createRetour(
        ctx,
        shopARow,
        world.ownerA.id,
        venteCredit.id,
        retourInputSchema.parse({
          cleIdempotence: 'matrice-retour-1',
          lignes: [{ ligneId: venteLigneId, quantite: 1000 }],
          mode: 'remboursement',
        }),
      )
    ).retour.id;
    // Inventories of shop A: one validated (the reads' target); writes get a fresh open one.
    const closeInventaires = async () => {
      await db
        .updateTable('inventaires')
        .set({ statut: 'annule', cloture_le: nowIso() })
        .where('service_id', '=', shopA)
        .where('statut', '=', 'ouvert')
        .execute();
    };
    const newInventaire = async () => {
      await closeInventaires();
      return (
        await openInventaire(ctx, shopA, world.ownerA.id, { perimetre: 'boutique', note: null })
      ).id;
    };
    const inventaireId = await newInventaire();
    // Registers of shop A: the reads' and movements' target is an open session.
    const newCaisse = async () =>
      (await createCaisse(db, shopA, { nom: `Caisse ${randomUUID()}`, largeurTicket: null })).id;
    const newCaisseSession = async () =>
      (await openSession(ctx, shopA, world.ownerA.id, await newCaisse(), 0)).id;
    const sessionId = await newCaisseSession();
    // The journal's archives: a month closure of shop A makes one.
    const mois = await cloturer(db, shopA, 'mois', { utilisateur: world.ownerA.id });
    const archiveId = (
      await db
        .selectFrom('journal_archives')
        .select('id')
        .where('cloture_sequence', '=', mois!.sequence)
        .where('service_id', '=', shopA)
        .executeTakeFirstOrThrow()
    ).id;
    // What an offline sale left to see (synchro.batch.ts writes it with the sale): one of shop A.
    const alerteId = (
      await db
        .insertInto('alertes_hors_ligne')
        .values({
          service_id: shopA,
          vente_id: venteId,
          produit_id: produitStockId,
          produit_nom: 'Produit de la matrice',
          type: 'stock_negatif',
          quantite: -1000,
          prix_facture: null,
          prix_catalogue: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await validateInventaire(ctx, shopA, world.ownerA.id, inventaireId);
    // Invoices: a credit sale to invoice (POST row), and an invoiced one with a credit note.
    const creditSale = async (key: string) =>
      (
        await createVente(
          ctx,
          world.ownerA.id,
          shopARow,
          venteInputSchema.parse({
            cleIdempotence: key,
            typeVenteId: typeVente.id,
            clientId: debiteurId,
            echeance: '2999-12-31',
            lignes: [{ produitId: produitStockId, quantite: 100_000 }],
          }),
        )
      ).vente.id;
    const venteFactureId = await creditSale('matrice-vente-a-facturer');
    const facture = (
      await createFacture(
        ctx,
        shopARow,
        world.ownerA.id,
        factureInputSchema.parse({
          cleIdempotence: 'matrice-facture-1',
          venteIds: [await creditSale('matrice-vente-facturee')],
        }),
      )
    ).facture;
    const factureLigneId = facture.lignes[0]!.id;
    const avoirId = (
      await createAvoir(
        ctx,
        shopARow,
        world.ownerA.id,
        facture.id,
        avoirInputSchema.parse({
          cleIdempotence: 'matrice-avoir-1',
          lignes: [{ ligneId: factureLigneId, quantite: 1000 }],
        }),
      )
    ).avoir.id;

    const depenses = await depenseFixtures(ctx, shopARow, world.ownerA.id);
    // Low-stock help needs a product under its alert threshold.
    await db
      .updateTable('produits')
      .set({ seuil_alerte: 5000 })
      .where('id', '=', await newProduit())
      .execute();
    // Purchases: drafts of the supplier fournisseurId, and a validated unpaid one of a million units.
    const newAchat = async () =>
      (
        await createAchat(
          ctx,
          shopARow,
          world.ownerA.id,
          achatInputSchema.parse({
            cleIdempotence: `matrice-achat-${++n}`,
            fournisseurId,
            date: '2026-06-15',
            lignes: [{ produitId: produitStockId, quantite: 1_000_000_000, prixUnitaire: 100 }],
          }),
        )
      ).achat.id;
    const achat = (
      await validateAchat(
        ctx,
        shopARow,
        world.ownerA.id,
        await newAchat(),
        achatValidationSchema.parse({ cleIdempotence: 'matrice-validation-1' }),
      )
    ).achat;
    // Quotes of shop A: a draft (read, edit, copy), one to send, one to accept, one to refuse.
    const devisClientId = (
      await db
        .insertInto('clients')
        .values({
          service_id: shopA,
          nom: 'Client des devis',
          nom_recherche: 'client des devis',
          nom_tri: frenchSortKey('client des devis'),
          email: 'devis@exemple.test',
          telephone: null,
          adresse: null,
          notes: null,
          plafond_credit: null,
          actif: 1,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const newDevis = async () =>
      (
        await createDevis(
          db,
          world.ownerA.id,
          shopARow,
          devisInputSchema.parse({
            cleIdempotence: randomUUID(),
            clientId: devisClientId,
            // A sale type of its own: other rows deactivate the fixtures' one.
            typeVenteId: (
              await db
                .insertInto('types_ventes')
                .values({ nom: `Devis ${randomUUID()}`, prix_utilise: 'detail', actif: 1 })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
            dateValidite: '2999-12-31',
            lignes: [{ produitId: produitStockId, quantite: 1000 }],
          }),
        )
      ).devis.id;
    const newDevisAccepte = async () =>
      (await deciderDevis(db, shopARow, await newDevis(), 'accepte')).id;

    const invitation = (email = `matrice.invitation.${++n}@exemple.test`) =>
      insertInvitation(ctx, world.ownerA.id, [world.shopA.id], email);
    const invitationId = (await invitation()).id;
    fixtures = {
      newDevisAccepte,
      params: {
        devisClientId,
        devisId: await newDevis(),
        devisEnvoiId: await newDevis(),
        devisAccepteId: await newDevis(),
        devisRefusId: await newDevis(),
        fileId,
        invitationId,
        userId: employee.id,
        pendingUserId: pendingManager.id,
        planId: plan.id,
        abonnementId: subscriptionC.id,
        uniteId: unite.id,
        typeVenteId: typeVente.id,
        categorieId,
        marqueId,
        produitId,
        code,
        clientId,
        fournisseurId,
        produitStockId,
        venteId,
        venteCreditId: venteCredit.id,
        venteLigneId,
        retourId,
        debiteurId,
        categorieDepenseId: depenses.categorieDepenseId,
        depenseId: depenses.depenseId,
        achatId: achat.id,
        achatLigneId: achat.lignes[0]!.id,
        inventaireId,
        sessionId,
        caisseId: await newCaisse(),
        venteFactureId,
        factureId: facture.id,
        factureLigneId,
        avoirId,
        archiveId,
        alerteId,
      },
      newDepense: depenses.newDepense,
      newAchat,
      closeInventaires,
      newInventaire,
      newCaisse,
      newCaisseSession,
      newCategorie: () => newNamed('categories'),
      newMarque: () => newNamed('marques'),
      newProduit,
      newClient,
      newFournisseur,
      newEmail: () => `matrice.${++n}@exemple.test`,
      newName: (prefix) => `${prefix} ${++n}`,
      newUnite: async () =>
        (
          await ctx.database.db
            .insertInto('unites')
            .values({ nom: `jetable ${++n}`, symbole: 'j', fractionnable: 0, created_at: nowIso() })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      newTypeVente: async () =>
        (
          await ctx.database.db
            .insertInto('types_ventes')
            .values({ nom: `Jetable ${++n}`, prix_utilise: 'detail', actif: 1 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      newPlan: async () => (await createPlan(ctx)).id,
      newAbonnement: async () => (await subscribe(ctx, await newOwner(), { planId: plan.id })).id,
      newOwner,
      password: PASSWORD,
      loginBody: () => ({ email: loginAccount.email, password: PASSWORD }),
      newRefreshToken: async () => (await login(server.client(), loginAccount.email)).refreshToken,
      async newResetKey() {
        const resetKey = newOpaqueToken();
        await ctx.database.db
          .insertInto('password_reset_tokens')
          .values({
            user_id: resetAccount.id,
            token_hash: hashToken(resetKey),
            created_at: nowIso(),
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            used_at: null,
          })
          .execute();
        return resetKey;
      },
      newInvitation: async () => (await invitation()).id,
      newInvitationKey: async () => (await invitation()).key,
      photoForm: () => fileForm(png, 'image/png'),
    };
  });
  afterAll(() => server.close());

  it('couvre exactement les routes enregistrées (ctx.routes)', () => {
    const registered = server.ctx.routes.map((r) => key(r.method, r.url));
    const rows = MATRIX.map((r) => key(r.method, r.url));
    expect(new Set(rows).size, 'ligne en double dans authorization-matrix.table.ts').toBe(
      rows.length,
    );
    const missing = registered.filter((k) => !rows.includes(k));
    const stale = rows.filter((k) => !registered.includes(k));
    expect(
      missing,
      `Ajoutez une ligne à apps/api/test/authorization-matrix.table.ts (ou au fichier authorization-matrix.<module>.ts qu'elle inclut) pour : ${missing.join(', ')}`,
    ).toEqual([]);
    expect(
      stale,
      `Ces lignes de apps/api/test/authorization-matrix.table.ts ne correspondent à aucune route : ${stale.join(', ')}`,
    ).toEqual([]);
    // A route checked for shop membership must name its shop in the path, and then has an otherShop column.
    for (const route of server.ctx.routes) {
      if (route.service)
        expect(
          isShopScoped(route.url),
          `${key(route.method, route.url)} : :serviceId attendu dans l'adresse`,
        ).toBe(true);
    }
    for (const row of MATRIX) {
      expect(
        row.otherShop !== undefined,
        `${key(row.method, row.url)} : otherShop ${isShopScoped(row.url) ? 'requis' : 'sans objet'}`,
      ).toBe(isShopScoped(row.url));
    }
  });

  it('est cohérente avec l’accès déclaré de chaque route', () => {
    for (const row of MATRIX) {
      const route = server.ctx.routes.find((r) => r.method === row.method && r.url === row.url);
      if (!route) continue; // reported by the test above
      const label = key(row.method, row.url);
      if (route.access === 'public') {
        for (const actor of ACTORS)
          expect(['ok', 'open'], `${label} est publique (${actor})`).toContain(row.expect[actor]);
      } else {
        expect(row.expect.anonymous, `${label} exige une connexion`).toBe(401);
      }
    }
  });

  /** The token and shop A id to use for `actor`: the shared ones, or a fresh user's for isolated rows. */
  async function identity(
    row: MatrixRow,
    actor: SignedIn,
  ): Promise<{ token: string; ownShop: number }> {
    if (!row.isolate) return { token: tokens[actor], ownShop: world.shopA.id };
    const { ctx } = server;
    if (actor === 'admin') {
      const user = await createUser(ctx, { roles: ['ROLE_ADMIN'] });
      return { token: (await login(client, user.email)).token, ownShop: world.shopA.id };
    }
    if (actor === 'ownerA') {
      const user = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      const shop = await createService(ctx, user.id);
      await subscribe(ctx, user.id);
      return { token: (await login(client, user.email)).token, ownShop: shop.id };
    }
    const user = await createUser(ctx, { roles: ['ROLE_GERANT'] });
    await addMember(ctx, world.shopA.id, user.id);
    return { token: (await login(client, user.email)).token, ownShop: world.shopA.id };
  }

  function urlOf(
    row: MatrixRow,
    serviceId: number,
    params: Record<string, string | number> = {},
  ): string {
    return row.url.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'serviceId') return String(serviceId);
      const value = params[name] ?? fixtures.params[name];
      if (value === undefined)
        throw new Error(
          `Paramètre :${name} sans valeur : ajoutez-le à fixtures.params dans authorization-matrix.test.ts`,
        );
      return encodeURIComponent(String(value));
    });
  }

  async function callAs(row: MatrixRow, actor: Actor, shop: 'own' | 'other'): Promise<Answer> {
    const who =
      actor === 'anonymous'
        ? { token: undefined, ownShop: world.shopA.id }
        : await identity(row, actor);
    const serviceId = shop === 'own' ? who.ownShop : world.shopB.id;
    const call = (await row.call?.(fixtures, { actor, ownShop: who.ownShop })) ?? {};
    const url = urlOf(row, serviceId, call.params) + (call.query ? `?${call.query}` : '');
    return client.request(row.method, url, {
      ...(who.token ? { token: who.token } : {}),
      ...(call.form ? { form: call.form } : {}),
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
  }

  for (const row of MATRIX) {
    describe(key(row.method, row.url), () => {
      for (const actor of ACTORS) {
        const expected = row.expect[actor];
        it(`${actor}${row.otherShop ? ' (sa boutique)' : ''} → ${expected}`, async () => {
          assertExpected(
            await callAs(row, actor, 'own'),
            expected,
            `${key(row.method, row.url)} par ${actor}`,
          );
        });
      }
      if (row.otherShop) {
        for (const actor of SIGNED_IN) {
          const expected = row.otherShop[actor];
          it(`${actor} (boutique d'un autre propriétaire) → ${expected}`, async () => {
            assertExpected(
              await callAs(row, actor, 'other'),
              expected,
              `${key(row.method, row.url)} par ${actor} sur la boutique B`,
            );
          });
        }
        it('anonymous (boutique d’un autre propriétaire) → 401', async () => {
          assertExpected(
            await callAs(row, 'anonymous', 'other'),
            401,
            `${key(row.method, row.url)} anonyme sur la boutique B`,
          );
        });
      }
    });
  }

  /**
   * Every write, once owner A's subscription has ended: where the matrix says `ok` for owner A or
   * manager A, the answer is now 402 (403 stays 403: the role is checked first), except on the
   * exempt routes (sign-in and self-service). A renewal by the admin lifts it at once, with the
   * very same tokens: nobody signs in again.
   */
  describe('sans abonnement actif', () => {
    const writes = () =>
      MATRIX.filter((row) => row.method !== 'GET' && !row.isolate && row.expect.anonymous === 401);
    const exempt = (row: MatrixRow) =>
      server.ctx.routes.find((r) => r.method === row.method && r.url === row.url)?.subscription ===
      'exempt';
    const WRITERS = ['ownerA', 'managerA'] as const;

    it('toute écriture non exemptée répond 402 au propriétaire et à son gérant ; les routes exemptées restent ouvertes', async () => {
      const { db } = server.ctx.database;
      await db
        .updateTable('abonnements')
        .set({ date_debut: dayFromToday(-400), date_fin: dayFromToday(-1) })
        .where('owner_id', '=', world.ownerA.id)
        .execute();
      let refused = 0;
      for (const row of writes()) {
        for (const actor of WRITERS) {
          const expected = row.expect[actor];
          const answer = await callAs(row, actor, 'own');
          const label = `${key(row.method, row.url)} par ${actor} sans abonnement`;
          if (expected === 'ok' && !exempt(row)) {
            const problem = expectProblem(answer, 402, 'SUBSCRIPTION_REQUIRED');
            expect(problem.title).toBe('Abonnement requis');
            expect(problem.detail, label).toContain(
              `a pris fin le ${formatDate(`${dayFromToday(-1)}T00:00:00Z`, 'UTC')}`,
            );
            refused++;
          } else {
            assertExpected(answer, expected, label);
          }
        }
      }
      expect(refused).toBeGreaterThanOrEqual(8);
      // Reads stay open.
      expect((await client.get('/api/users', { token: tokens.ownerA })).status).toBe(200);
      expect(
        (await client.get(`/api/services/${world.shopA.id}`, { token: tokens.managerA })).status,
      ).toBe(200);
      const banner = await client.get('/api/abonnements/courant', { token: tokens.ownerA });
      expect(banner.body).toMatchObject({ statut: 'expiree', dateFin: dayFromToday(-1) });
    });

    it('le renouvellement lève le blocage aussitôt, sans nouvelle connexion', async () => {
      const { db } = server.ctx.database;
      const last = await db
        .selectFrom('abonnements')
        .select('id')
        .where('owner_id', '=', world.ownerA.id)
        .orderBy('date_fin', 'desc')
        .executeTakeFirstOrThrow();
      const renewed = await client.post(
        `/api/abonnements/${last.id}/renouveler`,
        { modePaiement: 'mobile_money' },
        { token: tokens.admin },
      );
      expect(renewed.status).toBe(201);
      expect(renewed.body).toMatchObject({ dateDebut: dayFromToday(0), statut: 'active' });
      for (const row of writes()) {
        for (const actor of WRITERS) {
          assertExpected(
            await callAs(row, actor, 'own'),
            row.expect[actor],
            `${key(row.method, row.url)} par ${actor} après renouvellement`,
          );
        }
      }
    });
  });
});
