import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/time.js';
import { allouer, dettesOuvertes } from '../src/modules/dettes/dettes.allocation.js';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { localDay, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The allocation of money to a customer's debts, called as the repayments and returns call it
 * (their HTTP tests are in dettes.test.ts and retours.test.ts): what it returns and what it writes.
 */
describe(`allocation aux dettes (${TEST_DIALECT})`, () => {
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

  /** A credit sale of `total` FCFA, `paid` at the counter. */
  const credit = (clientId: number, total: number, paid = 0) =>
    w.vente({
      lignes: [{ produitId: article.id, quantite: (total / 100) * 1000 }],
      paiements: paid ? [{ mode: 'especes', montant: paid }] : [],
      clientId,
      echeance: localDay(7, server.clock),
    });

  async function reglement(clientId: number, montant: number) {
    return (
      await db()
        .insertInto('reglements')
        .values({
          service_id: w.world.shopA.id,
          client_id: clientId,
          mode: 'especes',
          montant,
          disponible: 0,
          operateur: null,
          reference: null,
          retour_id: null,
          cle_idempotence: null,
          empreinte: null,
          user_id: w.world.ownerA.id,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  const etatVente = (id: number) =>
    db()
      .selectFrom('ventes as v')
      .innerJoin('dettes as d', 'd.vente_id', 'v.id')
      .select(['v.montant_paye', 'v.statut', 'd.paye', 'd.montant'])
      .where('v.id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => ({
        montantPaye: Number(r.montant_paye),
        statut: r.statut,
        paye: Number(r.paye),
        montant: Number(r.montant),
      }));

  it('dans l’ordre donné, chaque dette jusqu’à son reste ; une dette soldée ne reçoit rien ; le surplus n’est pas alloué', async () => {
    const binta = await w.clientNamed('Binta Allocation');
    const v1 = await credit(binta.id, 3000, 1000); // reste 2 000
    const v2 = await credit(binta.id, 5000); // reste 5 000
    const ouvertes = await db()
      .transaction()
      .execute((trx) => dettesOuvertes(trx, w.world.shopA.id, binta.id));
    expect(ouvertes).toEqual([
      { id: v1.dette.id, venteId: v1.id, reste: 2000 },
      { id: v2.dette.id, venteId: v2.id, reste: 5000 },
    ]);
    const reglementId = await reglement(binta.id, 8000);
    const soldee = { id: v1.dette.id, venteId: v1.id, reste: 0 };
    const result = await db()
      .transaction()
      .execute((trx) =>
        allouer(trx, {
          serviceId: w.world.shopA.id,
          reglementId,
          dettes: [soldee, ouvertes[1]!, ouvertes[0]!],
          montant: 8000,
          argent: true,
        }),
      );
    // 8 000: nothing to the settled debt, 5 000 to v2 (given first), 2 000 to v1, 1 000 left.
    expect(result).toEqual({
      allocations: [
        { detteId: v2.dette.id, venteId: v2.id, montant: 5000 },
        { detteId: v1.dette.id, venteId: v1.id, montant: 2000 },
      ],
      nonAlloue: 1000,
    });
    const rows = await db()
      .selectFrom('reglement_allocations')
      .select(['dette_id', 'montant'])
      .where('reglement_id', '=', reglementId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.dette_id, Number(r.montant)])).toEqual([
      [v2.dette.id, 5000],
      [v1.dette.id, 2000],
    ]);
    expect(await etatVente(v1.id)).toEqual({
      montantPaye: 3000,
      statut: 'payee',
      paye: 2000,
      montant: 2000,
    });
    expect(await etatVente(v2.id)).toEqual({
      montantPaye: 5000,
      statut: 'payee',
      paye: 5000,
      montant: 5000,
    });
    expect(
      await db()
        .transaction()
        .execute((trx) => dettesOuvertes(trx, w.world.shopA.id, binta.id)),
    ).toEqual([]);
  });

  it('un avoir (argent : faux) solde la dette sans compter d’argent reçu sur la vente', async () => {
    const coumba = await w.clientNamed('Coumba Avoir');
    const v = await credit(coumba.id, 4000, 500); // reste 3 500
    const reglementId = await reglement(coumba.id, 1500);
    const result = await db()
      .transaction()
      .execute(async (trx) =>
        allouer(trx, {
          serviceId: w.world.shopA.id,
          reglementId,
          dettes: await dettesOuvertes(trx, w.world.shopA.id, coumba.id),
          montant: 1500,
          argent: false,
        }),
      );
    expect(result).toEqual({
      allocations: [{ detteId: v.dette.id, venteId: v.id, montant: 1500 }],
      nonAlloue: 0,
    });
    expect(await etatVente(v.id)).toMatchObject({ montantPaye: 500, paye: 1500, montant: 3500 });
  });
});
