import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createService, createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

describe(`ventes : concurrence (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier : ni l'année des numéros ni les échéances ne suivent la date réelle.
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    world = await createTenants(server.ctx);
  });
  afterAll(() => server.close());

  it('50 ventes simultanées d’un produit à 10 en stock : exactement 10 réussissent, 40 × 409, stock 0 = somme du registre, numéros 1 à 10 sans trou', async () => {
    const shop = await createService(server.ctx, world.ownerA.id, { nom: 'Boutique de la ruée' });
    const auth = { token: (await login(client, world.ownerA.email)).token };
    const ref = await referentiels(server.ctx);
    const produitId = await nouveauProduit(client, auth, shop.id, {
      nom: 'Dernier pagne',
      uniteId: ref.piece,
      prixVente: 5000,
      stockInitial: 10_000,
    });
    // 50 terminals: separate connections, sent at the same moment.
    const terminals = Array.from({ length: 50 }, () => server.client());
    await Promise.all(terminals.map((t) => t.get('/api/auth/xsrf')));
    const answers = await Promise.all(
      terminals.map((t) =>
        t.post(
          `/api/services/${shop.id}/ventes`,
          panier(ref.detail, [{ produitId, quantite: 1000 }], {
            paiements: [{ mode: 'especes', montant: 5000 }],
          }),
          auth,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.detail).toBe('Stock insuffisant pour « Dernier pagne » : 0 pce disponible.');
    const { db } = server.ctx.database;
    const produit = await db
      .selectFrom('produits')
      .select('quantite')
      .where('id', '=', produitId)
      .executeTakeFirstOrThrow();
    const ledger = await db
      .selectFrom('mouvements_stock')
      .select((eb) => eb.fn.sum<number>('quantite').as('s'))
      .where('produit_id', '=', produitId)
      .executeTakeFirstOrThrow();
    expect(Number(produit.quantite)).toBe(0);
    expect(Number(ledger.s)).toBe(0);
    const year = 2026;
    const numeros = answers
      .filter((a) => a.status === 201)
      .map((a) => a.body.numero as string)
      .sort();
    expect(numeros).toEqual(
      Array.from({ length: 10 }, (_, i) => `V-${year}-${String(i + 1).padStart(6, '0')}`),
    );
    const stored = await db
      .selectFrom('ventes')
      .select('numero')
      .where('service_id', '=', shop.id)
      .orderBy('numero')
      .execute();
    expect(stored.map((s) => s.numero)).toEqual(numeros);
    expect(
      Number(
        (
          await db
            .selectFrom('paiements')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('service_id', '=', shop.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(10);
  });

  /**
   * PostgreSQL's row locks of a sale (SQLite has a single writer). A transaction that writes a row
   * referring to a product (a sale line, a movement) holds a key-share lock on that product until it
   * commits: that is how PostgreSQL checks a foreign key. A sale that moves the same product's stock
   * must not wait for it: it would wait for a sale that may itself be waiting for it, in the
   * summaries its lines feed (migration 050), which PostgreSQL ends as a deadlock (a 500 seen when
   * five registers synchronised at once, issue 13's bench).
   */
  it.skipIf(TEST_DIALECT !== 'postgres')(
    'une vente n’attend pas une transaction qui tient un produit par une clé étrangère (verrou « key share »)',
    async () => {
      const shop = await createService(server.ctx, world.ownerA.id, {
        nom: 'Boutique des verrous',
      });
      const auth = { token: (await login(client, world.ownerA.email)).token };
      const ref = await referentiels(server.ctx);
      const [produitId, autreProduitId] = [
        await nouveauProduit(client, auth, shop.id, {
          nom: 'Savon de Marseille',
          uniteId: ref.piece,
          prixVente: 1500,
          stockInitial: 10_000,
        }),
        // A sale of several products moves them in one statement (stock.lot.ts).
        await nouveauProduit(client, auth, shop.id, {
          nom: 'Éponge',
          uniteId: ref.piece,
          prixVente: 500,
          stockInitial: 10_000,
        }),
      ];
      const { db } = server.ctx.database;
      let tenu!: () => void;
      const verrouTenu = new Promise<void>((r) => (tenu = r));
      let relacher!: () => void;
      const relache = new Promise<void>((r) => (relacher = r));
      // The lock a foreign key check takes, held as by a sale whose lines are written, not committed.
      const autre = db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('produits')
          .select('id')
          .where('id', '=', produitId)
          .forKeyShare()
          .execute();
        tenu();
        await relache;
      });
      await verrouTenu;
      const vente = client.post(
        `/api/services/${shop.id}/ventes`,
        panier(
          ref.detail,
          [
            { produitId, quantite: 1000 },
            { produitId: autreProduitId, quantite: 1000 },
          ],
          { paiements: [{ mode: 'especes', montant: 2000 }] },
        ),
        auth,
      );
      let issue: 'vendue' | 'en attente d’un verrou' | undefined;
      void vente.then(() => (issue ??= 'vendue'));
      // Until the sale answers, or PostgreSQL shows it waiting for a lock: no duration involved.
      while (!issue) {
        const attentes = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        if (Number(attentes.rows[0]!.n) > 0) issue ??= 'en attente d’un verrou';
      }
      relacher();
      await autre;
      expect(issue).toBe('vendue');
      expect((await vente).status).toBe(201);
    },
  );
});
