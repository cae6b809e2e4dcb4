import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyingWorld } from './support/achats.js';
import { TEST_DIALECT } from './support/database.js';
import type { Answer, TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Bad purchases, validations, returns and payments: wrong types, negative, zero or huge
 * quantities and costs, unknown lines, amounts beyond the limits. Each gets a French 4xx and
 * writes nothing (snapshot of every business table before and after).
 */
describe(`achats : mauvaises entrées (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof buyingWorld>>;
  let f: { id: number };
  let p: { id: number };
  let achat: { id: number; lignes: Array<{ id: number }> };
  let draft: { id: number };

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await buyingWorld(server.ctx, client);
    f = await w.fournisseur();
    p = await w.produit({ prix: 1000, stock: 0 });
    achat = await w.achat({
      fournisseurId: f.id,
      lignes: [{ produitId: p.id, quantite: 2000, prixUnitaire: 500 }],
    });
    draft = (
      await w.postAchat({
        fournisseurId: f.id,
        lignes: [{ produitId: p.id, quantite: 1000, prixUnitaire: 500 }],
      })
    ).body;
  });
  afterAll(() => server.close());

  async function refused(send: () => Promise<Answer>, status: number, code: string) {
    const before = await snapshot(server.ctx);
    const answer = await send();
    expectProblem(answer, status, code);
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
  }
  const ligne = (l: Record<string, unknown>) => ({
    produitId: p.id,
    quantite: 1000,
    prixUnitaire: 100,
    ...l,
  });

  const BAD_LINES: Array<[string, Record<string, unknown>]> = [
    ['quantité négative', { quantite: -1000 }],
    ['quantité nulle', { quantite: 0 }],
    ['quantité énorme', { quantite: 1e15 }],
    ['quantité décimale', { quantite: 1.5 }],
    ['quantité en texte', { quantite: 'beaucoup' }],
    ['coût négatif', { prixUnitaire: -1 }],
    ['coût énorme', { prixUnitaire: 1e16 }],
    ['coût en texte', { prixUnitaire: '100' }],
    ['produit en texte', { produitId: 'savon' }],
    ['ni produit ni produit à créer', { produitId: null }],
    ['les deux', { nouveauProduit: { nom: 'X', uniteId: 1, prixVente: 1 } }],
  ];
  for (const [label, l] of BAD_LINES)
    it(`brouillon : ${label} → 400`, () =>
      refused(() => w.postAchat({ fournisseurId: f.id, lignes: [ligne(l)] }), 400, 'VALIDATION'));

  it('brouillon : frais négatifs, fournisseur en texte, date inexistante, aucune ligne → 400', async () => {
    await refused(
      () => w.postAchat({ fournisseurId: f.id, frais: { transport: -5 }, lignes: [ligne({})] }),
      400,
      'VALIDATION',
    );
    await refused(
      () => w.postAchat({ fournisseurId: 'Sow', lignes: [ligne({})] }),
      400,
      'VALIDATION',
    );
    await refused(
      () => w.postAchat({ fournisseurId: f.id, date: '2026-02-30', lignes: [ligne({})] }),
      400,
      'VALIDATION',
    );
    await refused(() => w.postAchat({ fournisseurId: f.id, lignes: [] }), 400, 'VALIDATION');
    await refused(
      () => w.postAchat({ fournisseurId: f.id, cleIdempotence: 'x', lignes: [ligne({})] }),
      400,
      'VALIDATION',
    );
  });

  it('brouillon : montant au-delà de la limite des montants → 422', () =>
    refused(
      () =>
        w.postAchat({
          fournisseurId: f.id,
          lignes: [ligne({ quantite: 1e9, prixUnitaire: 1e13 })],
        }),
      422,
      'BUSINESS_RULE',
    ));

  it('validation : paiements au-delà du total → 422, montant négatif ou mode inconnu → 400', async () => {
    await refused(
      () => w.postValidation(draft.id, { paiements: [{ mode: 'especes', montant: 501 }] }),
      422,
      'BUSINESS_RULE',
    );
    await refused(
      () => w.postValidation(draft.id, { paiements: [{ mode: 'especes', montant: -1 }] }),
      400,
      'VALIDATION',
    );
    await refused(
      () => w.postValidation(draft.id, { paiements: [{ mode: 'troc', montant: 1 }] }),
      400,
      'VALIDATION',
    );
    await refused(() => w.postValidation(draft.id, { paiements: 'tout' }), 400, 'VALIDATION');
  });

  it('retour : ligne inconnue, quantité négative, énorme ou au-delà de l’acheté, ligne deux fois → 4xx', async () => {
    const url = `${w.shopUrl()}/achats/${achat.id}/retours`;
    const send = (lignes: unknown) => () =>
      client.post(
        url,
        { cleIdempotence: newKey(), lignes, modeRemboursement: 'especes' },
        w.tokens.ownerA,
      );
    const id = achat.lignes[0]!.id;
    await refused(send([{ ligneId: 999_999, quantite: 1000 }]), 400, 'VALIDATION');
    await refused(send([{ ligneId: id, quantite: -1000 }]), 400, 'VALIDATION');
    await refused(send([{ ligneId: id, quantite: 1e15 }]), 400, 'VALIDATION');
    await refused(send([{ ligneId: id, quantite: 3000 }]), 422, 'BUSINESS_RULE');
    await refused(
      send([
        { ligneId: id, quantite: 1000 },
        { ligneId: id, quantite: 1000 },
      ]),
      400,
      'VALIDATION',
    );
    const brouillon = `${w.shopUrl()}/achats/${draft.id}/retours`;
    await refused(
      () =>
        client.post(
          brouillon,
          { cleIdempotence: newKey(), lignes: [{ ligneId: id, quantite: 1000 }] },
          w.tokens.ownerA,
        ),
      422,
      'BUSINESS_RULE',
    );
  });

  it('règlement : négatif, nul, énorme, en texte, sans opérateur de mobile money, au-delà du dû → 4xx', async () => {
    const url = `${w.shopUrl()}/fournisseurs/${f.id}/reglements`;
    const send = (body: Record<string, unknown>) => () =>
      client.post(url, { cleIdempotence: newKey(), mode: 'especes', ...body }, w.tokens.ownerA);
    await refused(send({ montant: -5 }), 400, 'VALIDATION');
    await refused(send({ montant: 0 }), 400, 'VALIDATION');
    await refused(send({ montant: 1e16 }), 400, 'VALIDATION');
    await refused(send({ montant: '10' }), 400, 'VALIDATION');
    await refused(send({ montant: 10, mode: 'mobile_money' }), 400, 'VALIDATION');
    await refused(send({ montant: 1001 }), 422, 'BUSINESS_RULE');
    await refused(send({ montant: 10, achatId: draft.id }), 404, 'NOT_FOUND');
  });
});
