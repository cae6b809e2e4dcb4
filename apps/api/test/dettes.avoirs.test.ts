import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Credits (avoirs) of returns and their use, through the API, checked in the tables: a refunded
 * return leaves no credit; a credit covers the sale's own debt first, then the customer's other
 * debts, each once; a sale that uses the customer's credit takes the oldest first, only what it uses.
 * (Mutation testing found these paths unguarded: dettes.allocation.ts crediterRetour,
 * imputerAvoirs.)
 */
describe(`avoirs des retours et leur emploi (${TEST_DIALECT})`, () => {
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

  /** A sale of `total` FCFA to a customer, `paid` in cash, the rest on credit. */
  const sale = (clientId: number, total: number, paid: number) =>
    w.vente({
      lignes: [{ produitId: article.id, quantite: (total / 100) * 1000 }],
      paiements: paid ? [{ mode: 'especes', montant: paid }] : [],
      clientId,
      echeance: paid < total ? localDay(7, server.clock) : null,
    });

  /** The whole sale returned, refunded in cash or credited to the customer. */
  async function returnAll(
    vente: { id: number; lignes: Array<{ id: number; quantite: number }> },
    mode: 'avoir' | 'remboursement',
  ) {
    const answer = await client.post(
      `${w.shopUrl()}/ventes/${vente.id}/retours`,
      {
        cleIdempotence: newKey(),
        lignes: vente.lignes.map((l) => ({ ligneId: l.id, quantite: l.quantite })),
        mode,
        modeRemboursement: mode === 'remboursement' ? 'especes' : null,
      },
      w.tokens.ownerA,
    );
    if (answer.status !== 201) throw new Error(`Retour refusé : ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  }

  const credits = (clientId: number) =>
    db()
      .selectFrom('reglements')
      .select(['id', 'montant', 'disponible'])
      .where('client_id', '=', clientId)
      .where('mode', '=', 'avoir')
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((r) => ({ montant: Number(r.montant), disponible: Number(r.disponible) })),
      );

  const debts = (clientId: number) =>
    db()
      .selectFrom('dettes')
      .select(['montant', 'paye'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => ({ montant: Number(r.montant), paye: Number(r.paye) })));

  it('un retour remboursé en espèces ne laisse aucun avoir au client', async () => {
    const c = await w.clientNamed('Client remboursé');
    const v = await sale(c.id, 1_000, 1_000);
    await returnAll(v, 'remboursement');
    expect(await credits(c.id)).toEqual([]);
  });

  it('un avoir paie d’abord la dette de sa vente, puis les autres dettes une fois chacune ; le reste reste disponible', async () => {
    const c = await w.clientNamed('Client à deux dettes');
    const first = await sale(c.id, 10_000, 6_000); // owes 4 000 (the oldest debt)
    await sale(c.id, 500, 0); // owes 500
    await returnAll(first, 'avoir'); // 10 000 of credit: 4 000 to its sale, 500 to the other, 5 500 kept
    expect(await debts(c.id)).toEqual([
      { montant: 4_000, paye: 4_000 },
      { montant: 500, paye: 500 },
    ]);
    expect(await credits(c.id)).toEqual([{ montant: 10_000, disponible: 5_500 }]);
  });

  it('une vente payée par avoir prend l’avoir le plus ancien, seulement ce qu’elle utilise, sans toucher au suivant', async () => {
    const c = await w.clientNamed('Client à deux avoirs');
    await returnAll(await sale(c.id, 3_000, 3_000), 'avoir');
    await returnAll(await sale(c.id, 2_000, 2_000), 'avoir');
    const owed = await w.vente({
      lignes: [{ produitId: article.id, quantite: 10_000 }],
      clientId: c.id,
      avoir: 1_000,
    });
    expect(await credits(c.id)).toEqual([
      { montant: 3_000, disponible: 2_000 },
      { montant: 2_000, disponible: 2_000 },
    ]);
    const allocations = await db()
      .selectFrom('reglement_allocations as a')
      .innerJoin('dettes as d', 'd.id', 'a.dette_id')
      .select('a.montant')
      .where('d.vente_id', '=', owed.id as number)
      .execute();
    expect(allocations.map((a) => Number(a.montant))).toEqual([1_000]);
  });
});
