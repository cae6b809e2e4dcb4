import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import { expectAnnouncedRows } from './support/export.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`achats : brouillons, validation, paiements, retours (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;
  const url = (path = '', shop?: number) => `${w.shopUrl(shop)}/achats${path}`;

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : ni l'année des numéros ni les échéances ne suivent la date réelle.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('un brouillon ne touche pas au stock, se modifie, se supprime ; sa validation numérote, fait entrer le stock et recalcule le CUMP', async () => {
    const f = await w.fournisseur();
    const p = await w.produit({ prix: 1000, stock: 10_000 }); // CUMP 500, 10 en stock
    const draft = await w.postAchat({
      fournisseurId: f.id,
      referenceFournisseur: 'BL-77',
      lignes: [{ produitId: p.id, quantite: 5000, prixUnitaire: 800 }],
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ numero: null, statut: 'brouillon', total: 4000 });
    expect(await w.produitRow(p.id)).toEqual({ quantite: 10_000, prixAchat: 500 });

    const edited = await client.put(
      url(`/${draft.body.id}`),
      {
        fournisseurId: f.id,
        date: '2026-06-14',
        lignes: [{ produitId: p.id, quantite: 10_000, prixUnitaire: 700 }],
        frais: { transport: 1000 },
      },
      w.tokens.ownerA,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ total: 8000, totalFrais: 1000, date: '2026-06-14' });
    expect(edited.body.lignes).toHaveLength(1);
    expect(await w.produitRow(p.id)).toEqual({ quantite: 10_000, prixAchat: 500 });

    const v = await w.postValidation(draft.body.id);
    expect(v.status).toBe(200);
    // (10 × 500 + 7 000 + 1 000) / 20 = 650
    expect(v.body).toMatchObject({ numero: 'A-2026-000001', statut: 'valide', reste: 8000 });
    expect(v.body.lignes[0]).toMatchObject({
      frais: 1000,
      coutRevient: 8000,
      cumpAvant: 500,
      cumpApres: 650,
    });
    expect(v.body.mouvements).toMatchObject([
      { type: 'achat', quantite: 10_000, documentType: 'achat' },
    ]);
    expect(await w.produitRow(p.id)).toEqual({ quantite: 20_000, prixAchat: 650 });
    expect(await w.movementsSum(p.id)).toBe(20_000);

    // A validated purchase is never edited nor deleted.
    const put = await client.put(
      url(`/${draft.body.id}`),
      {
        fournisseurId: f.id,
        date: '2026-06-14',
        lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 1 }],
      },
      w.tokens.ownerA,
    );
    expectProblem(put, 409, 'CONFLICT');
    expectProblem(await client.delete(url(`/${draft.body.id}`), w.tokens.ownerA), 409, 'CONFLICT');

    const other = await w.postAchat({
      fournisseurId: f.id,
      lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 1 }],
    });
    expect((await client.delete(url(`/${other.body.id}`), w.tokens.ownerA)).status).toBe(204);
    expect((await client.get(url(`/${other.body.id}`), w.tokens.ownerA)).status).toBe(404);
    // The deleted draft gave no number away: the next validation is 000002.
    const next = await w.achat({
      fournisseurId: f.id,
      lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 650 }],
    });
    expect(next.numero).toBe('A-2026-000002');
  });

  it('validation rejouée : même clé, même réponse ; autre clé : 409 ; validations simultanées : une seule', async () => {
    const f = await w.fournisseur();
    const p = await w.produit({ prix: 1000, stock: 0 });
    const draft = await w.postAchat({
      fournisseurId: f.id,
      lignes: [{ produitId: p.id, quantite: 3000, prixUnitaire: 400 }],
    });
    const terminals = Array.from({ length: 8 }, () => server.client());
    await Promise.all(terminals.map((t) => t.get('/api/auth/xsrf')));
    const answers = await Promise.all(
      terminals.map((t) =>
        t.post(
          url(`/${draft.body.id}/validation`),
          { cleIdempotence: newKey(), paiements: [] },
          w.tokens.ownerA,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await w.produitRow(p.id)).toEqual({ quantite: 3000, prixAchat: 400 });
    expect(await w.movementsSum(p.id)).toBe(3000);
    const winner = answers.find((a) => a.status === 200)!;

    const cle = newKey();
    const d2 = await w.postAchat({
      fournisseurId: f.id,
      lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 400 }],
    });
    const body = { cleIdempotence: cle, paiements: [{ mode: 'especes', montant: 100 }] };
    const first = await client.post(url(`/${d2.body.id}/validation`), body, w.tokens.ownerA);
    const again = await client.post(url(`/${d2.body.id}/validation`), body, w.tokens.ownerA);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(first.body.numero).not.toBe(winner.body.numero);
    const clash = await client.post(
      url(`/${d2.body.id}/validation`),
      { ...body, paiements: [] },
      w.tokens.ownerA,
    );
    expectProblem(clash, 409, 'CONFLICT');
    expect(first.body.montantPaye).toBe(100);
    expect(await w.produitRow(p.id)).toEqual({ quantite: 4000, prixAchat: 400 });
  });

  it('produit créé depuis une ligne (nom, code-barres, unité, prix de vente) ; même clé de brouillon rejouée sans doublon', async () => {
    const f = await w.fournisseur();
    const body = {
      cleIdempotence: newKey(),
      date: '2026-06-15',
      fournisseurId: f.id,
      lignes: [
        {
          nouveauProduit: {
            nom: 'Savon noir',
            codeBarres: '4006381333931',
            uniteId: w.unite.id,
            prixVente: 750,
          },
          quantite: 12_000,
          prixUnitaire: 400,
        },
      ],
    };
    const first = await client.post(url(), body, w.tokens.ownerA);
    const again = await client.post(url(), body, w.tokens.ownerA);
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const produitId = first.body.lignes[0].produitId;
    const produits = await server.ctx.database.db
      .selectFrom('produits')
      .selectAll()
      .where('nom', '=', 'Savon noir')
      .execute();
    expect(produits).toHaveLength(1);
    expect(produits[0]).toMatchObject({ id: produitId, code_barres: '4006381333931' });
    expect(Number(produits[0]!.prix_vente)).toBe(750);
    await w.postValidation(first.body.id);
    expect(await w.produitRow(produitId)).toEqual({ quantite: 12_000, prixAchat: 400 });
    // The same barcode again: the product's own 409, named on the line.
    const dup = await w.postAchat({
      fournisseurId: f.id,
      lignes: [
        {
          nouveauProduit: {
            nom: 'Autre',
            codeBarres: '4006381333931',
            uniteId: w.unite.id,
            prixVente: 1,
          },
          quantite: 1000,
          prixUnitaire: 1,
        },
      ],
    });
    const problem = expectProblem(dup, 409, 'CONFLICT');
    expect(problem.errors?.[0]?.field).toBe('lignes.0.nouveauProduit.codeBarres');
  });

  it('dette fournisseur : reste des achats validés, règlements les plus anciens d’abord, trop-payé refusé, retour qui réduit la dette puis se rembourse', async () => {
    const f = await w.fournisseur('Grossiste Ndiaye');
    const p = await w.produit({ prix: 1000, stock: 0 });
    const a1 = await w.achat(
      {
        fournisseurId: f.id,
        date: '2026-06-01',
        echeance: '2026-06-10',
        lignes: [{ produitId: p.id, quantite: 10_000, prixUnitaire: 500 }],
      },
      [{ mode: 'especes', montant: 1000 }],
    );
    const a2 = await w.achat({
      fournisseurId: f.id,
      date: '2026-06-05',
      lignes: [{ produitId: p.id, quantite: 4000, prixUnitaire: 500 }],
    });
    expect(a1).toMatchObject({ statut: 'partiellement_paye', reste: 4000 });
    const compte = async () =>
      (await client.get(`${w.shopUrl()}/fournisseurs/${f.id}/compte`, w.tokens.ownerA)).body;
    expect(await compte()).toMatchObject({ solde: 6000, enRetard: 4000, nombreAchats: 2 });

    const reglements = `${w.shopUrl()}/fournisseurs/${f.id}/reglements`;
    const trop = await client.post(
      reglements,
      { cleIdempotence: newKey(), montant: 6001, mode: 'virement' },
      w.tokens.ownerA,
    );
    expect(expectProblem(trop, 422, 'BUSINESS_RULE').detail).toContain('6');
    const r = await client.post(
      reglements,
      { cleIdempotence: newKey(), montant: 5000, mode: 'mobile_money', operateur: 'Wave' },
      w.tokens.ownerA,
    );
    expect(r.status).toBe(201);
    expect(r.body.allocations).toEqual([
      { achatId: a1.id, achatNumero: a1.numero, montant: 4000 },
      { achatId: a2.id, achatNumero: a2.numero, montant: 1000 },
    ]);
    expect(await compte()).toMatchObject({ solde: 1000, enRetard: 0 });

    // Return 3 of a2's 4 units (1 500) : 1 000 off the debt, 500 paid back.
    const retours = url(`/${a2.id}/retours`);
    const sansMode = await client.post(
      retours,
      { cleIdempotence: newKey(), lignes: [{ ligneId: a2.lignes[0].id, quantite: 3000 }] },
      w.tokens.ownerA,
    );
    expectProblem(sansMode, 422, 'BUSINESS_RULE');
    const trop2 = await client.post(
      retours,
      { cleIdempotence: newKey(), lignes: [{ ligneId: a2.lignes[0].id, quantite: 5000 }] },
      w.tokens.ownerA,
    );
    expectProblem(trop2, 422, 'BUSINESS_RULE');
    const ret = await client.post(
      retours,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: a2.lignes[0].id, quantite: 3000 }],
        modeRemboursement: 'especes',
        motif: 'Abîmés',
      },
      w.tokens.ownerA,
    );
    expect(ret.status).toBe(201);
    expect(ret.body).toMatchObject({
      numero: 'RA-2026-000001',
      montant: 1500,
      impute: 1000,
      rembourse: 500,
      modeRemboursement: 'especes',
    });
    expect(await w.produitRow(p.id)).toEqual({ quantite: 11_000, prixAchat: 500 });
    expect(await w.movementsSum(p.id)).toBe(11_000);
    const c = await compte();
    expect(c).toMatchObject({ solde: 0 });
    expect(c.retours).toHaveLength(1);
    const detail = (await client.get(url(`/${a2.id}`), w.tokens.managerA)).body;
    expect(detail).toMatchObject({
      statut: 'paye',
      montantRetourne: 1500,
      montantRembourse: 500,
      reste: 0,
    });
    expect(detail.mouvements.map((m: { type: string }) => m.type)).toEqual([
      'achat',
      'retour_fournisseur',
    ]);
    const plus = await client.post(
      reglements,
      { cleIdempotence: newKey(), montant: 1, mode: 'especes' },
      w.tokens.ownerA,
    );
    expectProblem(plus, 422, 'BUSINESS_RULE');
  });

  it('liste : filtres période, fournisseur, statut ; totaux de l’ensemble filtré ; le gérant lit mais n’écrit pas', async () => {
    const f = await w.fournisseur('Filtre SA');
    const p = await w.produit({ prix: 1000, stock: 0 });
    await w.achat({
      fournisseurId: f.id,
      date: '2026-03-01',
      lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 300 }],
    });
    await w.achat(
      {
        fournisseurId: f.id,
        date: '2026-03-02',
        lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 200 }],
      },
      [{ mode: 'especes', montant: 200 }],
    );
    await w.postAchat({
      fournisseurId: f.id,
      date: '2026-03-03',
      lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 100 }],
    });
    const list = async (q: string) => (await client.get(`${url()}?${q}`, w.tokens.managerA)).body;
    const all = await list(`fournisseurId=${f.id}`);
    expect(all.totaux).toEqual({
      nombre: 3,
      total: 600,
      montantPaye: 200,
      montantRetourne: 0,
      reste: 300,
    });
    expect(all.items.map((a: { date: string }) => a.date)).toEqual([
      '2026-03-03',
      '2026-03-02',
      '2026-03-01',
    ]);
    expect((await list(`fournisseurId=${f.id}&statut=paye`)).totaux.total).toBe(200);
    expect((await list(`fournisseurId=${f.id}&statut=brouillon`)).items[0].numero).toBeNull();
    expect((await list(`fournisseurId=${f.id}&du=2026-03-02&au=2026-03-02`)).total).toBe(1);
    expectValidation(await client.get(`${url()}?statut=perdu`, w.tokens.ownerA), 'statut');
    const csv = await client.get(`${url('/export.csv')}?fournisseurId=${f.id}`, w.tokens.managerA);
    expectAnnouncedRows(csv);
    expect(
      String(csv.body)
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
    ).toBe(
      'Numéro;Date;Fournisseur;Référence du fournisseur;Échéance;Total;Payé;Retourné;Reste à payer;Statut',
    );
    expect(String(csv.body)).toContain(';200;200;0;0;Payé');
    const refused = await w.postAchat(
      { fournisseurId: f.id, lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 1 }] },
      { token: w.tokens.managerA },
    );
    expectProblem(refused, 403, 'FORBIDDEN');
  });

  it('isolement : l’achat, le fournisseur ou le produit d’une autre boutique → 404 ou 400, rien d’écrit', async () => {
    const fB = await w.fournisseur('Fournisseur B', {
      shop: w.world.shopB.id,
      token: w.tokens.ownerB,
    });
    const pB = await w.produit({
      prix: 100,
      stock: 0,
      shop: w.world.shopB.id,
      token: w.tokens.ownerB,
    });
    const aB = await w.achat(
      { fournisseurId: fB.id, lignes: [{ produitId: pB.id, quantite: 1000, prixUnitaire: 50 }] },
      [],
      { shop: w.world.shopB.id, token: w.tokens.ownerB },
    );
    const f = await w.fournisseur();
    const p = await w.produit({ prix: 100, stock: 0 });
    expectProblem(await client.get(url(`/${aB.id}`), w.tokens.ownerA), 404, 'NOT_FOUND');
    expectProblem(await w.postValidation(aB.id), 404, 'NOT_FOUND');
    expectValidation(
      await w.postAchat({
        fournisseurId: fB.id,
        lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 1 }],
      }),
      'fournisseurId',
    );
    expectValidation(
      await w.postAchat({
        fournisseurId: f.id,
        lignes: [{ produitId: pB.id, quantite: 1000, prixUnitaire: 1 }],
      }),
      'lignes.0.produitId',
    );
    const reglement = await client.post(
      `${w.shopUrl()}/fournisseurs/${fB.id}/reglements`,
      { cleIdempotence: newKey(), montant: 1, mode: 'especes' },
      w.tokens.ownerA,
    );
    expectProblem(reglement, 404, 'NOT_FOUND');
    const retour = await client.post(
      url(`/${aB.id}/retours`),
      { cleIdempotence: newKey(), lignes: [{ ligneId: aB.lignes[0].id, quantite: 1000 }] },
      w.tokens.ownerA,
    );
    expectProblem(retour, 404, 'NOT_FOUND');
    expect(await w.produitRow(pB.id)).toEqual({ quantite: 1000, prixAchat: 50 });
  });
});
