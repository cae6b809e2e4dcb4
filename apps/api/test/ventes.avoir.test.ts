import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * A customer's available credit (avoir) used as a payment of a sale, only when the cashier
 * chooses it (issue 15): use, partial use, a sale that does not use it, over-use refused with a
 * French 422 that changes nothing, and two sales racing for one credit.
 */
describe(`vente payée par l’avoir du client (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let article: { id: number };
  const db = () => server.ctx.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    article = await w.produit({ prix: 100, stock: 10_000_000 });
  });
  afterAll(() => server.close());

  const lignes = (total: number) => [{ produitId: article.id, quantite: (total / 100) * 1000 }];

  /** A customer holding `credit` FCFA of available credit: a paid sale of that much, returned as credit. */
  async function clientAvecAvoir(nom: string, credit: number) {
    const c = await w.clientNamed(nom);
    const v = await w.vente({
      lignes: lignes(credit),
      paiements: [{ mode: 'especes', montant: credit }],
      clientId: c.id,
    });
    const r = await client.post(
      `${w.shopUrl()}/ventes/${v.id}/retours`,
      {
        cleIdempotence: newKey(),
        lignes: v.lignes.map((l: { id: number; quantite: number }) => ({
          ligneId: l.id,
          quantite: l.quantite,
        })),
        mode: 'avoir',
        modeRemboursement: null,
      },
      w.tokens.ownerA,
    );
    expect(r.status).toBe(201);
    return c;
  }

  const avoirDe = async (clientId: number) =>
    (await client.get(`${w.shopUrl()}/clients/${clientId}/compte`, w.tokens.managerA)).body
      .avoir as number;

  /** What a refused sale must not have changed. */
  const etat = async (clientId: number) => ({
    ventes: (
      await db().selectFrom('ventes').select('id').where('client_id', '=', clientId).execute()
    ).length,
    stock: Number(
      (
        await db()
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', article.id)
          .executeTakeFirstOrThrow()
      ).quantite,
    ),
    avoir: await avoirDe(clientId),
  });

  it('l’avoir paie toute la vente : payée, sans échéance ni argent reçu ; rejouée, elle ne le prend pas deux fois', async () => {
    const c = await clientAvecAvoir('Awa Avoir', 5_000);
    expect(await avoirDe(c.id)).toBe(5_000);
    const body = {
      cleIdempotence: newKey(),
      lignes: lignes(3_000),
      clientId: c.id,
      avoir: 3_000,
    };
    const first = await w.postVente(body, { token: w.tokens.managerA });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      totalTtc: 3_000,
      avoir: 3_000,
      montantPaye: 0,
      reste: 0,
      statut: 'payee',
      paiements: [],
      dette: { montant: 3_000, paye: 3_000, reste: 0, statut: 'soldee' },
    });
    const again = await w.postVente(body, { token: w.tokens.managerA });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await avoirDe(c.id)).toBe(2_000);
    // The receipt (PDF) names the credit used.
    const ticket = await fetch(
      `${server.baseUrl}${w.shopUrl()}/ventes/${first.body.id}/ticket.pdf`,
      {
        headers: { authorization: `Bearer ${w.tokens.managerA.token}` },
      },
    );
    expect(ticket.status).toBe(200);
    const text = pdfText(Buffer.from(await ticket.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Avoir utilisé 3 000 FCFA');
    expect(text).not.toContain('Reste à payer');
  });

  it('en partie : espèces + avoir, le reste à crédit ; sans « avoir », une vente à crédit le laisse disponible', async () => {
    const c = await clientAvecAvoir('Binta Partielle', 2_000);
    const echeance = localDay(7, server.clock);
    const sansAvoir = await w.vente({ lignes: lignes(1_000), clientId: c.id, echeance });
    expect(sansAvoir.dette).toMatchObject({ montant: 1_000, paye: 0 });
    expect(await avoirDe(c.id)).toBe(2_000);
    const answer = await w.postVente({
      lignes: lignes(4_000),
      clientId: c.id,
      paiements: [{ mode: 'especes', montant: 1_000 }],
      avoir: 1_500,
      echeance,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      avoir: 1_500,
      montantPaye: 1_000,
      reste: 1_500,
      statut: 'partiellement_payee',
      dette: { montant: 3_000, paye: 1_500, reste: 1_500, echeance },
    });
    expect(await avoirDe(c.id)).toBe(500);
    // What is still owed after the credit needs its due date.
    const sansEcheance = await w.postVente({ lignes: lignes(1_000), clientId: c.id, avoir: 500 });
    expect(sansEcheance.status).toBe(422);
    expect(sansEcheance.body.detail).toBe(
      "Le reste à payer (500\u00A0FCFA) exige une date d'échéance.",
    );
  });

  it('au-delà de l’avoir disponible, de ce qui est dû, ou sans client : 422 en français, rien ne change', async () => {
    const c = await clientAvecAvoir('Coumba Limite', 1_000);
    const avant = await etat(c.id);
    const trop = await w.postVente({ lignes: lignes(1_500), clientId: c.id, avoir: 1_500 });
    expect(trop.status).toBe(422);
    expect(trop.headers.get('content-type')).toContain('application/problem+json');
    expect(trop.body.detail).toBe(
      "L'avoir disponible de « Coumba Limite » (1\u202F000\u00A0FCFA) ne couvre pas l'avoir utilisé (1\u202F500\u00A0FCFA).",
    );
    const depasse = await w.postVente({
      lignes: lignes(1_000),
      clientId: c.id,
      paiements: [{ mode: 'especes', montant: 500 }],
      avoir: 600,
    });
    expect(depasse.status).toBe(422);
    expect(depasse.body.detail).toBe(
      "L'avoir utilisé (600\u00A0FCFA) dépasse ce qui reste à payer après les paiements (500\u00A0FCFA).",
    );
    const anonyme = await w.postVente({ lignes: lignes(500), avoir: 500 });
    expect(anonyme.status).toBe(422);
    expect(anonyme.body.detail).toBe("L'avoir utilisé exige un client.");
    expect(await etat(c.id)).toEqual(avant);
  });

  it('deux ventes simultanées sur un seul avoir : une passe, l’autre 422, l’avoir n’est pris qu’une fois', async () => {
    const c = await clientAvecAvoir('Djeneba Course', 3_000);
    const avant = await etat(c.id);
    const terminals = [server.client(), server.client()];
    await Promise.all(terminals.map((t) => t.get('/api/auth/xsrf')));
    const answers = await Promise.all(
      terminals.map((t) =>
        t.post(
          `${w.shopUrl()}/ventes`,
          {
            cleIdempotence: newKey(),
            typeVenteId: w.typeVente.id,
            lignes: lignes(2_000),
            clientId: c.id,
            avoir: 2_000,
          },
          w.tokens.ownerA,
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body.detail).toContain('ne couvre pas l');
    const apres = await etat(c.id);
    expect(apres).toEqual({ ventes: avant.ventes + 1, stock: avant.stock - 20_000, avoir: 1_000 });
    const pris = await db()
      .selectFrom('reglement_allocations as a')
      .innerJoin('reglements as r', 'r.id', 'a.reglement_id')
      .select((eb) => eb.fn.sum<number>('a.montant').as('s'))
      .where('r.client_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(pris.s)).toBe(2_000);
  });
});
