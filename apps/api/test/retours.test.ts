import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@comptoir/shared';
import { createService } from './support/factories.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { expectFrench, expectProblem, expectValidation, messageOf } from './support/problem.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`retours de ventes (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const year = 2026;
  const retours = (venteId: number, shop?: number) =>
    `${w.shopUrl(shop)}/ventes/${venteId}/retours`;
  const db = () => server.ctx.database.db;
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
  const movementsSum = async (id: number) =>
    (
      await db()
        .selectFrom('mouvements_stock')
        .select('quantite')
        .where('produit_id', '=', id)
        .execute()
    ).reduce((a, m) => a + Number(m.quantite), 0);
  const compte = async (clientId: number) =>
    (await client.get(`${w.shopUrl()}/clients/${clientId}/compte`, w.tokens.ownerA)).body;

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : ni l'année des numéros ni les échéances ne suivent la date réelle.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('retour partiel puis total : stock rendu par le registre, numéros R-AAAA-NNNNNN, quantités retournées, statut « retournée »', async () => {
    const p = await w.produit({ prix: 1500, stock: 10_000 });
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 4000 }],
      paiements: [{ mode: 'especes', montant: 6000 }],
    });
    const ligneId = vente.lignes[0].id;
    expect(await stockOf(p.id)).toBe(6000);

    const first = await client.post(
      retours(vente.id),
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId, quantite: 1000 }],
        mode: 'remboursement',
        modeRemboursement: 'especes',
        motif: 'Abîmé',
      },
      w.tokens.managerA,
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      numero: `R-${year}-000001`,
      vente: { id: vente.id, numero: vente.numero },
      montantTtc: 1500,
      imputeDette: 0,
      rembourse: 1500,
      modeRemboursement: 'especes',
      avoir: 0,
      motif: 'Abîmé',
      lignes: [{ ligneId, produitId: p.id, nom: p.nom, quantite: 1000, montantTtc: 1500 }],
      user: { id: w.world.managerA.id },
    });
    expect(await stockOf(p.id)).toBe(7000);
    const ledger = await db()
      .selectFrom('mouvements_stock')
      .selectAll()
      .where('produit_id', '=', p.id)
      .where('type', '=', 'retour')
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      quantite: 1000,
      document_type: 'retour',
      document_id: first.body.id,
      user_id: w.world.managerA.id,
    });

    // The product's stock history names both documents by number; the return points at its sale.
    const history = (
      await client.get(`${w.shopUrl()}/produits/${p.id}/mouvements`, w.tokens.managerA)
    ).body.items;
    expect(history.slice(0, 2)).toMatchObject([
      {
        type: 'retour',
        documentNumero: `R-${year}-000001`,
        documentId: first.body.id,
        documentParentId: vente.id,
      },
      { type: 'vente', documentNumero: vente.numero, documentId: vente.id, documentParentId: null },
    ]);

    const after = (await client.get(`${w.shopUrl()}/ventes/${vente.id}`, w.tokens.ownerA)).body;
    expect(after.lignes[0].quantiteRetournee).toBe(1000);
    expect(after.montantRetourne).toBe(1500);
    expect(after.statut).toBe('payee');

    const rest = await client.post(
      retours(vente.id),
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId, quantite: 3000 }],
        mode: 'remboursement',
        modeRemboursement: 'carte',
      },
      w.tokens.ownerA,
    );
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({
      numero: `R-${year}-000002`,
      montantTtc: 4500,
      rembourse: 4500,
      modeRemboursement: 'carte',
    });
    expect(await stockOf(p.id)).toBe(10_000);
    expect(await movementsSum(p.id)).toBe(10_000);
    const sold = (await client.get(`${w.shopUrl()}/ventes/${vente.id}`, w.tokens.ownerA)).body;
    expect(sold).toMatchObject({ statut: 'retournee', montantRetourne: 6000 });
    expect(sold.lignes[0].quantiteRetournee).toBe(4000);

    const list = await client.get(retours(vente.id), w.tokens.managerA);
    expect(list.status).toBe(200);
    expect(list.body.map((r: any) => r.numero)).toEqual([`R-${year}-000001`, `R-${year}-000002`]);
    const one = await client.get(`${w.shopUrl()}/retours/${first.body.id}`, w.tokens.managerA);
    expect(one.body).toEqual(first.body);
  });

  it('plus que vendu moins déjà retourné : 422 nommant la ligne, rien ne change', async () => {
    const p = await w.produit({ prix: 1000, stock: 5000 });
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 3000 }],
      paiements: [{ mode: 'especes', montant: 3000 }],
    });
    const ligneId = vente.lignes[0].id;
    expect(
      (
        await client.post(
          retours(vente.id),
          {
            cleIdempotence: newKey(),
            lignes: [{ ligneId, quantite: 2000 }],
            mode: 'remboursement',
            modeRemboursement: 'especes',
          },
          w.tokens.ownerA,
        )
      ).status,
    ).toBe(201);
    const counts = async () => ({
      retours: (await db().selectFrom('retours').select('id').execute()).length,
      mouvements: (await db().selectFrom('mouvements_stock').select('id').execute()).length,
      stock: await stockOf(p.id),
      vente: await db()
        .selectFrom('ventes')
        .select(['montant_retourne', 'statut'])
        .where('id', '=', vente.id)
        .executeTakeFirstOrThrow(),
      ligne: await db()
        .selectFrom('vente_lignes')
        .select('quantite_retournee')
        .where('id', '=', ligneId)
        .executeTakeFirstOrThrow(),
      compteur: await db()
        .selectFrom('compteurs_documents')
        .select('dernier')
        .where('type', '=', 'retour')
        .execute(),
    });
    const before = await counts();
    const refused = expectProblem(
      await client.post(
        retours(vente.id),
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId, quantite: 2000 }],
          mode: 'remboursement',
          modeRemboursement: 'especes',
        },
        w.tokens.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(refused.detail).toBe(`« ${p.nom} » : au plus 1 à retourner (vendu 3, déjà retourné 2).`);
    const half = expectProblem(
      await client.post(
        retours(vente.id),
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId, quantite: 500 }],
          mode: 'remboursement',
          modeRemboursement: 'especes',
        },
        w.tokens.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(half.detail).toContain(
      'ne se fractionne pas : la quantité retournée doit être un nombre entier.',
    );
    expect(await counts()).toEqual(before);
  });

  it('les retours d’une ligne en euros (TVA hors taxes, centimes impairs) font exactement son montant, HT et TVA compris', async () => {
    const shop = await createService(server.ctx, w.world.ownerA.id, {
      nom: 'Boutique euro',
      devise: 'EUR',
    });
    await db()
      .updateTable('services')
      .set({ assujetti_tva: 1, prix_ttc: 0, taux_tva_defaut: 2000 })
      .where('id', '=', shop.id)
      .execute();
    const p = await w.produit({ prix: 333, stock: 10_000, tauxTva: 550, shop: shop.id });
    const q = await w.produit({ prix: 1999, stock: 10_000, tauxTva: 2000, shop: shop.id });
    const vente = await w.vente(
      {
        lignes: [
          { produitId: p.id, quantite: 7000, remise: { type: 'pourcent', valeur: 333 } },
          { produitId: q.id, quantite: 3000 },
        ],
        remiseGlobale: { type: 'montant', valeur: 101 },
        paiements: [{ mode: 'carte', montant: 0 }].filter((x) => x.montant > 0),
        clientId: (await w.clientNamed('Client euro', { shop: shop.id })).id,
        echeance: localDay(30, server.clock),
      },
      { shop: shop.id },
    );
    for (const ligne of vente.lignes) {
      const parts = ligne.quantite === 7000 ? [1000, 2000, 1000, 3000] : [1000, 1000, 1000];
      for (const quantite of parts) {
        const r = await client.post(
          retours(vente.id, shop.id),
          { cleIdempotence: newKey(), lignes: [{ ligneId: ligne.id, quantite }], mode: 'avoir' },
          w.tokens.ownerA,
        );
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
      const rows = await db()
        .selectFrom('retour_lignes')
        .selectAll()
        .where('vente_ligne_id', '=', ligne.id)
        .execute();
      const sum = (f: 'montant_ht' | 'montant_tva' | 'montant_ttc') =>
        rows.reduce((a, r) => a + Number(r[f]), 0);
      expect(sum('montant_ttc')).toBe(ligne.montantTtc);
      expect(sum('montant_ht')).toBe(ligne.montantHt);
      expect(sum('montant_tva')).toBe(ligne.montantTva);
      for (const r of rows)
        expect(Number(r.montant_ht) + Number(r.montant_tva)).toBe(Number(r.montant_ttc));
    }
    const after = (await client.get(`${w.shopUrl(shop.id)}/ventes/${vente.id}`, w.tokens.ownerA))
      .body;
    expect(after.montantRetourne).toBe(vente.totalTtc);
    expect(after.statut).toBe('retournee');
    // All on credit: the returns settled the whole debt, nothing left to credit.
    expect(after.dette).toMatchObject({ paye: vente.totalTtc, reste: 0 });
    const returned = await db()
      .selectFrom('retours')
      .select(['impute_dette', 'avoir', 'rembourse'])
      .where('vente_id', '=', vente.id)
      .execute();
    expect(returned.reduce((a, r) => a + Number(r.impute_dette), 0)).toBe(vente.totalTtc);
    expect(returned.every((r) => Number(r.avoir) === 0 && Number(r.rembourse) === 0)).toBe(true);
  });

  it('vente à crédit : le retour réduit d’abord la dette, le surplus se rembourse (mode exigé) ', async () => {
    const p = await w.produit({ prix: 1000, stock: 10_000 });
    const awa = await w.clientNamed('Awa Crédit');
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 3000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
      clientId: awa.id,
      echeance: localDay(10, server.clock),
    });
    const ligneId = vente.lignes[0].id;
    expect(vente.dette).toMatchObject({ montant: 2000, reste: 2000 });

    const one = await client.post(
      retours(vente.id),
      { cleIdempotence: newKey(), lignes: [{ ligneId, quantite: 1000 }], mode: 'remboursement' },
      w.tokens.managerA,
    );
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({
      montantTtc: 1000,
      imputeDette: 1000,
      rembourse: 0,
      modeRemboursement: null,
      avoir: 0,
    });
    let detail = (await client.get(`${w.shopUrl()}/ventes/${vente.id}`, w.tokens.ownerA)).body;
    expect(detail.dette).toMatchObject({ paye: 1000, reste: 1000 });
    expect(detail).toMatchObject({ montantPaye: 1000, statut: 'partiellement_payee' });
    const credit = await db()
      .selectFrom('reglements')
      .selectAll()
      .where('retour_id', '=', one.body.id)
      .executeTakeFirstOrThrow();
    expect(credit).toMatchObject({
      mode: 'avoir',
      montant: 1000,
      disponible: 0,
      client_id: awa.id,
    });

    const missing = expectProblem(
      await client.post(
        retours(vente.id),
        { cleIdempotence: newKey(), lignes: [{ ligneId, quantite: 2000 }], mode: 'remboursement' },
        w.tokens.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(missing.detail).toBe(
      `Indiquez le mode de remboursement : ${formatMoney(1000, 'XOF')} reviennent au client.`,
    );
    const two = await client.post(
      retours(vente.id),
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId, quantite: 2000 }],
        mode: 'remboursement',
        modeRemboursement: 'mobile_money',
      },
      w.tokens.ownerA,
    );
    expect(two.body).toMatchObject({
      montantTtc: 2000,
      imputeDette: 1000,
      rembourse: 1000,
      modeRemboursement: 'mobile_money',
    });
    detail = (await client.get(`${w.shopUrl()}/ventes/${vente.id}`, w.tokens.ownerA)).body;
    expect(detail.dette).toMatchObject({ paye: 2000, reste: 0, statut: 'soldee' });
    expect(detail.statut).toBe('retournee');
    expect(await compte(awa.id)).toMatchObject({
      encours: 0,
      avoir: 0,
      totalAchats: 0,
      nombreVentes: 1,
    });
  });

  it('un avoir exige le client de la vente (422) ; il solde les autres dettes du client, les plus anciennes d’abord, puis reste disponible et sert la vente à crédit suivante', async () => {
    const p = await w.produit({ prix: 1000, stock: 20_000 });
    const anonymous = await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
    });
    const refused = expectProblem(
      await client.post(
        retours(anonymous.id),
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId: anonymous.lignes[0].id, quantite: 1000 }],
          mode: 'avoir',
        },
        w.tokens.ownerA,
      ),
      422,
      'BUSINESS_RULE',
    );
    expect(refused.detail).toContain('cette vente n’a pas de client');

    const moussa = await w.clientNamed('Moussa Avoir');
    const d1 = await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      clientId: moussa.id,
      echeance: localDay(5, server.clock),
    });
    const d2 = await w.vente({
      lignes: [{ produitId: p.id, quantite: 2000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
      clientId: moussa.id,
      echeance: localDay(5, server.clock),
    });
    const paid = await w.vente({
      lignes: [{ produitId: p.id, quantite: 3000 }],
      paiements: [{ mode: 'especes', montant: 3000 }],
      clientId: moussa.id,
    });
    expect((await compte(moussa.id)).encours).toBe(2000);

    const r = await client.post(
      retours(paid.id),
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: paid.lignes[0].id, quantite: 3000 }],
        mode: 'avoir',
        modeRemboursement: 'especes',
      },
      w.tokens.managerA,
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      montantTtc: 3000,
      imputeDette: 0,
      rembourse: 0,
      avoir: 3000,
      modeRemboursement: null,
    });
    let account = await compte(moussa.id);
    expect(account).toMatchObject({
      encours: 0,
      enRetard: 0,
      avoir: 1000,
      nombreVentes: 3,
      totalAchats: 3000,
    });
    const creditRow = account.reglements.find((x: any) => x.retour?.id === r.body.id);
    expect(creditRow).toMatchObject({
      mode: 'avoir',
      montant: 3000,
      retour: { numero: r.body.numero },
    });
    expect(creditRow.allocations).toEqual([
      { detteId: d1.dette.id, venteNumero: d1.numero, montant: 1000 },
      { detteId: d2.dette.id, venteNumero: d2.numero, montant: 1000 },
    ]);
    for (const v of [d1, d2]) {
      const s = (await client.get(`${w.shopUrl()}/ventes/${v.id}`, w.tokens.ownerA)).body;
      expect(s.dette.statut).toBe('soldee');
      expect(s.statut).toBe('payee');
    }
    expect(
      (await client.get(`${w.shopUrl()}/ventes/${d1.id}`, w.tokens.ownerA)).body.montantPaye,
    ).toBe(0);

    // The next credit sale of this customer uses the credit left (the cashier chooses it).
    const next = await w.vente({
      lignes: [{ produitId: p.id, quantite: 3000 }],
      clientId: moussa.id,
      echeance: localDay(5, server.clock),
      avoir: 1000,
    });
    expect(next.dette).toMatchObject({ montant: 3000, paye: 1000, reste: 2000 });
    account = await compte(moussa.id);
    expect(account).toMatchObject({ encours: 2000, avoir: 0 });
  });

  it('clé d’idempotence : même requête → le premier retour, rien de plus ; autre requête → 409', async () => {
    const p = await w.produit({ prix: 700, stock: 5000 });
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 5000 }],
      paiements: [{ mode: 'especes', montant: 3500 }],
    });
    const body = {
      cleIdempotence: newKey(),
      lignes: [{ ligneId: vente.lignes[0].id, quantite: 1000 }],
      mode: 'remboursement',
      modeRemboursement: 'especes',
    };
    const first = await client.post(retours(vente.id), body, w.tokens.managerA);
    const again = await client.post(retours(vente.id), body, w.tokens.managerA);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body).toEqual(first.body);
    expect(await stockOf(p.id)).toBe(1000);
    expect(
      await db().selectFrom('retours').select('id').where('vente_id', '=', vente.id).execute(),
    ).toHaveLength(1);
    const other = expectProblem(
      await client.post(
        retours(vente.id),
        { ...body, lignes: [{ ligneId: vente.lignes[0].id, quantite: 2000 }] },
        w.tokens.managerA,
      ),
      409,
      'CONFLICT',
    );
    expect(other.detail).toBe('Cette clé a déjà servi pour un autre retour.');
    // Concurrent duplicates end in the replay answer too.
    const key = newKey();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        client.post(retours(vente.id), { ...body, cleIdempotence: key }, w.tokens.ownerA),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await stockOf(p.id)).toBe(2000);
  });

  it('retours simultanés des mêmes pièces : un seul passe ; retour et règlement simultanés d’un même client : la dette ne descend jamais sous zéro', async () => {
    const p = await w.produit({ prix: 1000, stock: 10_000 });
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 2000 }],
      paiements: [{ mode: 'especes', montant: 2000 }],
    });
    const body = () => ({
      cleIdempotence: newKey(),
      lignes: [{ ligneId: vente.lignes[0].id, quantite: 2000 }],
      mode: 'remboursement',
      modeRemboursement: 'especes',
    });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => client.post(retours(vente.id), body(), w.tokens.managerA)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(await stockOf(p.id)).toBe(10_000);

    const nabou = await w.clientNamed('Nabou Course');
    const credit = await w.vente({
      lignes: [{ produitId: p.id, quantite: 3000 }],
      clientId: nabou.id,
      echeance: localDay(3, server.clock),
    });
    const [ret, pay] = await Promise.all([
      client.post(
        retours(credit.id),
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId: credit.lignes[0].id, quantite: 2000 }],
          mode: 'remboursement',
          modeRemboursement: 'especes',
        },
        w.tokens.managerA,
      ),
      client.post(
        `${w.shopUrl()}/clients/${nabou.id}/reglements`,
        { cleIdempotence: newKey(), montant: 1000, mode: 'especes' },
        w.tokens.ownerA,
      ),
    ]);
    expect(ret.status).toBe(201);
    expect(pay.status).toBe(201);
    // Whichever came first, nothing was lost: the debt is settled exactly, by both.
    expect(ret.body).toMatchObject({ imputeDette: 2000, rembourse: 0 });
    const detail = (await client.get(`${w.shopUrl()}/ventes/${credit.id}`, w.tokens.ownerA)).body;
    expect(detail.dette).toMatchObject({ montant: 3000, paye: 3000, reste: 0, statut: 'soldee' });
    expect(detail).toMatchObject({ montantPaye: 1000, statut: 'payee' });
  });

  it('entrées invalides : 400 en français ; ligne d’une autre vente ou vente d’une autre boutique : 404 ; sans abonnement : 402', async () => {
    const p = await w.produit({ prix: 500, stock: 5000 });
    const vente = await w.vente({
      lignes: [{ produitId: p.id, quantite: 2000 }],
      paiements: [{ mode: 'especes', montant: 1000 }],
    });
    const other = await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 500 }],
    });
    const ligneId = vente.lignes[0].id;
    const bad = expectValidation(
      await client.post(
        retours(vente.id),
        { cleIdempotence: 'court', lignes: [{ ligneId, quantite: 0 }], mode: 'echange' },
        w.tokens.ownerA,
      ),
      'cleIdempotence',
      'lignes.0.quantite',
      'mode',
    );
    expect(messageOf(bad, 'lignes.0.quantite')).toBe(
      'La quantité retournée doit être supérieure à zéro.',
    );
    expect(messageOf(bad, 'mode')).toBe(
      'Le mode de retour doit être « remboursement » ou « avoir ».',
    );
    for (const e of bad.errors ?? []) expectFrench(e.message);
    expect(
      messageOf(
        expectValidation(
          await client.post(
            retours(vente.id),
            { cleIdempotence: newKey(), lignes: [], mode: 'avoir' },
            w.tokens.ownerA,
          ),
          'lignes',
        ),
        'lignes',
      ),
    ).toBe('Choisissez au moins une ligne à retourner.');
    const twice = expectValidation(
      await client.post(
        retours(vente.id),
        {
          cleIdempotence: newKey(),
          lignes: [
            { ligneId, quantite: 500 },
            { ligneId, quantite: 500 },
          ],
          mode: 'remboursement',
          modeRemboursement: 'especes',
        },
        w.tokens.ownerA,
      ),
      'lignes.1.ligneId',
    );
    expect(messageOf(twice, 'lignes.1.ligneId')).toBe(
      'Cette ligne figure deux fois dans le retour.',
    );
    expect((await client.post(retours(Number.NaN), {}, w.tokens.ownerA)).status).toBe(400);

    expectProblem(
      await client.post(
        retours(vente.id),
        {
          cleIdempotence: newKey(),
          lignes: [{ ligneId: other.lignes[0].id, quantite: 500 }],
          mode: 'remboursement',
          modeRemboursement: 'especes',
        },
        w.tokens.ownerA,
      ),
      404,
      'NOT_FOUND',
    );
    const foreignSale = await w.vente(
      {
        lignes: [
          {
            produitId: (
              await w.produit({
                prix: 100,
                stock: 1000,
                shop: w.world.shopB.id,
                token: w.tokens.ownerB,
              })
            ).id,
            quantite: 1000,
          },
        ],
        paiements: [{ mode: 'especes', montant: 100 }],
      },
      { shop: w.world.shopB.id, token: w.tokens.ownerB },
    );
    const foreignBody = {
      cleIdempotence: newKey(),
      lignes: [{ ligneId: foreignSale.lignes[0].id, quantite: 1000 }],
      mode: 'remboursement',
      modeRemboursement: 'especes',
    };
    expectProblem(
      await client.post(retours(foreignSale.id), foreignBody, w.tokens.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(retours(foreignSale.id, w.world.shopB.id), foreignBody, w.tokens.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(await client.get(retours(foreignSale.id), w.tokens.managerA), 404, 'NOT_FOUND');
    const foreignReturn = await client.post(
      retours(foreignSale.id, w.world.shopB.id),
      foreignBody,
      w.tokens.ownerB,
    );
    expect(foreignReturn.status).toBe(201);
    expectProblem(
      await client.get(`${w.shopUrl()}/retours/${foreignReturn.body.id}`, w.tokens.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.get(`${w.shopUrl()}/retours/999999`, w.tokens.ownerA),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await client.post(
        retours(vente.id),
        { cleIdempotence: newKey(), lignes: [{ ligneId, quantite: 500 }], mode: 'avoir' },
        w.tokens.admin,
      ),
      403,
      'FORBIDDEN',
    );

    await db()
      .updateTable('abonnements')
      .set({ date_fin: localDay(-1, server.clock), date_debut: localDay(-100, server.clock) })
      .where('owner_id', '=', w.world.ownerA.id)
      .execute();
    try {
      for (const who of [w.tokens.ownerA, w.tokens.managerA])
        expectProblem(
          await client.post(
            retours(vente.id),
            {
              cleIdempotence: newKey(),
              lignes: [{ ligneId, quantite: 500 }],
              mode: 'remboursement',
              modeRemboursement: 'especes',
            },
            who,
          ),
          402,
          'SUBSCRIPTION_REQUIRED',
        );
      expect((await client.get(retours(vente.id), w.tokens.managerA)).status).toBe(200);
    } finally {
      await db()
        .updateTable('abonnements')
        .set({ date_fin: localDay(300, server.clock) })
        .where('owner_id', '=', w.world.ownerA.id)
        .execute();
    }
    expect(await stockOf(p.id)).toBe(2000);
  });
});
