import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { createService } from './support/factories.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { expectValidation } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`achats : remises de ligne et de document (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('remises de ligne (taux, montant) et de document réparties comme sur une vente, puis les frais : montants, CUMP, dette, PDF et retour au montant net', async () => {
    const f = await w.fournisseur();
    const a = await w.produit({ prix: 3000, stock: 0 });
    const b = await w.produit({ prix: 2000, stock: 0 });
    const draft = await w.postAchat({
      fournisseurId: f.id,
      frais: { transport: 1520 },
      remiseGlobale: { type: 'pourcent', valeur: 500 },
      lignes: [
        {
          produitId: a.id,
          quantite: 12_000,
          prixUnitaire: 1250,
          remise: { type: 'pourcent', valeur: 1000 },
        },
        {
          produitId: b.id,
          quantite: 3000,
          prixUnitaire: 999,
          remise: { type: 'montant', valeur: 497 },
        },
      ],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // Computed here by hand: A 12 × 1 250 = 15 000 − 10 % = 13 500; B 3 × 999 = 2 997 − 497 =
    // 2 500; 5 % of 16 000 = 800 shared 13 500 : 2 500 → 675 and 125; goods 12 825 + 2 375 =
    // 15 200; transport 1 520 shared by net value: 1 282,5 and 237,5 → the tie to the first line.
    expect(draft.body).toMatchObject({
      remiseGlobale: { type: 'pourcent', valeur: 500 },
      totalBrut: 17_997,
      totalRemises: 2797,
      totalMarchandises: 15_200,
      totalFrais: 1520,
      total: 16_720,
    });
    const figures = (l: Record<string, unknown>) =>
      ['montantBrut', 'remiseLigne', 'remiseGlobale', 'montant', 'frais', 'coutRevient'].map(
        (k) => l[k],
      );
    expect(draft.body.lignes.map(figures)).toEqual([
      [15_000, 1500, 675, 12_825, 1283, 14_108],
      [2997, 497, 125, 2375, 237, 2612],
    ]);
    expect(draft.body.lignes[1].remise).toEqual({ type: 'montant', valeur: 497 });

    const v = await w.postValidation(draft.body.id, {
      paiements: [{ mode: 'especes', montant: 5000 }],
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    // CUMP from the discounted cost: 14 108 ÷ 12 = 1 175,67 → 1 176; 2 612 ÷ 3 = 870,67 → 871.
    expect(await w.produitRow(a.id)).toEqual({ quantite: 12_000, prixAchat: 1176 });
    expect(await w.produitRow(b.id)).toEqual({ quantite: 3000, prixAchat: 871 });
    const compte = await client.get(`${w.shopUrl()}/fournisseurs/${f.id}/compte`, w.tokens.ownerA);
    expect(compte.body.solde).toBe(11_720);

    const response = await fetch(`${server.baseUrl}${w.shopUrl()}/achats/${v.body.id}/pdf`, {
      headers: { authorization: `Bearer ${w.tokens.ownerA.token}` },
    });
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${v.body.numero}.pdf"`,
    );
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toMatch(/Marchandises avant remises 17 997 FCFA/);
    expect(text).toMatch(/Remises -2 797 FCFA/);
    expect(text).toMatch(/Total 16 720 FCFA/);

    // A return is worth the line's net goods: 1 of the 3 B = 2 375 ÷ 3 → 792.
    const retour = await client.post(
      `${w.shopUrl()}/achats/${v.body.id}/retours`,
      { cleIdempotence: newKey(), lignes: [{ ligneId: v.body.lignes[1].id, quantite: 1000 }] },
      w.tokens.ownerA,
    );
    expect(retour.status, JSON.stringify(retour.body)).toBe(201);
    expect(retour.body.montant).toBe(792);
  });

  it('en euros : remises de ligne (taux, montant) et de document, frais, CUMP et dette au centime près', async () => {
    const shop = (await createService(server.ctx, w.world.ownerA.id, { devise: 'EUR' })).id;
    const o = { shop };
    const f = await w.fournisseur('Grossiste en euros', o);
    const a = await w.produit({ prix: 2000, stock: 0, shop });
    // Two on hand at the opening cost floor(1 000 / 2) = 5,00 €.
    const b = await w.produit({ prix: 1000, stock: 2000, shop });
    const draft = await w.postAchat(
      {
        fournisseurId: f.id,
        frais: { transport: 350 },
        remiseGlobale: { type: 'montant', valeur: 200 },
        lignes: [
          {
            produitId: a.id,
            quantite: 7000,
            prixUnitaire: 1235,
            remise: { type: 'pourcent', valeur: 750 },
          },
          {
            produitId: b.id,
            quantite: 3000,
            prixUnitaire: 499,
            remise: { type: 'montant', valeur: 147 },
          },
        ],
      },
      o,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // By hand, in cents: A 7 × 12,35 = 86,45 − 7,5 % (6,48375 → 6,48) = 79,97; B 3 × 4,99 =
    // 14,97 − 1,47 = 13,50; 2,00 € shared 79,97 : 13,50 → 1,7111 and 0,2889, largest remainder to
    // B: 1,71 and 0,29; goods 78,26 + 13,21 = 91,47; transport 3,50 shared 78,26 : 13,21 → 2,9945
    // and 0,5055: 2,99 and 0,51; cost 81,25 and 13,72; total 94,97.
    expect(draft.body).toMatchObject({
      totalBrut: 10_142,
      totalRemises: 995,
      totalMarchandises: 9147,
      totalFrais: 350,
      total: 9497,
    });
    const figures = (l: Record<string, unknown>) =>
      ['montantBrut', 'remiseLigne', 'remiseGlobale', 'montant', 'frais', 'coutRevient'].map(
        (k) => l[k],
      );
    expect(draft.body.lignes.map(figures)).toEqual([
      [8645, 648, 171, 7826, 299, 8125],
      [1497, 147, 29, 1321, 51, 1372],
    ]);
    const v = await w.postValidation(
      draft.body.id,
      { paiements: [{ mode: 'especes', montant: 5000 }] },
      o,
    );
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    // CUMP: A 81,25 ÷ 7 = 11,607 → 11,61; B (2 × 5,00 + 13,72) ÷ 5 = 4,744 → 4,74.
    expect(await w.produitRow(a.id)).toEqual({ quantite: 7000, prixAchat: 1161 });
    expect(await w.produitRow(b.id)).toEqual({ quantite: 5000, prixAchat: 474 });
    const compte = await client.get(
      `${w.shopUrl(shop)}/fournisseurs/${f.id}/compte`,
      w.tokens.ownerA,
    );
    expect(compte.body.solde).toBe(4497);
    const response = await fetch(`${server.baseUrl}${w.shopUrl(shop)}/achats/${v.body.id}/pdf`, {
      headers: { authorization: `Bearer ${w.tokens.ownerA.token}` },
    });
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toMatch(/Remises -9,95 €/);
    expect(text).toMatch(/Total 94,97 €/);
    // A return of one B is worth its net goods: 13,21 ÷ 3 = 4,403 → 4,40, off what is owed.
    const retour = await client.post(
      `${w.shopUrl(shop)}/achats/${v.body.id}/retours`,
      { cleIdempotence: newKey(), lignes: [{ ligneId: v.body.lignes[1].id, quantite: 1000 }] },
      w.tokens.ownerA,
    );
    expect(retour.status, JSON.stringify(retour.body)).toBe(201);
    expect(retour.body.montant).toBe(440);
    expect(
      (await client.get(`${w.shopUrl(shop)}/fournisseurs/${f.id}/compte`, w.tokens.ownerA)).body
        .solde,
    ).toBe(4057);
  });

  it('une remise invalide (au-delà de 100 %, négative, type inconnu) → 400 en français, rien d’écrit', async () => {
    const f = await w.fournisseur();
    const p = await w.produit({ prix: 1000, stock: 0 });
    const ligne = { produitId: p.id, quantite: 1000, prixUnitaire: 500 };
    const before = await count();
    const bad = async (body: Record<string, unknown>, field: string, message?: string) => {
      const answer = expectValidation(await w.postAchat({ fournisseurId: f.id, ...body }), field);
      if (message) expect(answer.errors?.find((e) => e.field === field)?.message).toBe(message);
    };
    await bad(
      { lignes: [{ ...ligne, remise: { type: 'pourcent', valeur: 10_001 } }] },
      'lignes.0.remise.valeur',
      'Une remise ne peut pas dépasser 100 %.',
    );
    await bad(
      { lignes: [ligne], remiseGlobale: { type: 'montant', valeur: -1 } },
      'remiseGlobale.valeur',
      'La remise ne peut pas être négative.',
    );
    await bad(
      { lignes: [ligne], remiseGlobale: { type: 'gratuit', valeur: 1 } },
      'remiseGlobale.type',
    );
    expect(await count()).toBe(before);
  });

  const count = async () =>
    Number(
      (
        await server.ctx.database.db
          .selectFrom('achats')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
});
