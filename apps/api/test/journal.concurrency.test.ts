import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createService, login } from './support/factories.js';
import { localDay, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`journal inaltérable : concurrence (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
  });
  afterAll(() => server.close());

  it('50 ventes simultanées de trois boutiques et 12 règlements de clients différents, par 62 connexions : une chaîne linéaire et sans trou par boutique, une entrée par événement', async () => {
    const shops = [w.world.shopA.id];
    for (const nom of ['Boutique du marché', 'Boutique de la gare'])
      shops.push((await createService(server.ctx, w.world.ownerA.id, { nom })).id);
    const auth = { token: (await login(server.client(), w.world.ownerA.email)).token };
    const produits = new Map<number, number>();
    for (const shop of shops)
      produits.set(shop, (await w.produit({ prix: 700, stock: 1_000_000, shop, token: auth })).id);
    // Twelve customers with a debt: their repayments share no lock with the sales but the
    // journal's head (a sale takes the shop's counter, a repayment its customer).
    const debiteurs: number[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await w.clientNamed(`Débiteur ${i}`);
      await w.vente({
        lignes: [{ produitId: produits.get(shops[0]!)!, quantite: 1000 }],
        clientId: c.id,
        echeance: localDay(7, server.clock),
      });
      debiteurs.push(c.id);
    }
    const terminals = Array.from({ length: 62 }, () => server.client());
    await Promise.all(terminals.map((t) => t.get('/api/auth/xsrf')));
    const answers = await Promise.all(
      terminals.map((t, i) => {
        if (i >= 50)
          return t.post(
            `/api/services/${shops[0]}/clients/${debiteurs[i - 50]}/reglements`,
            { cleIdempotence: `reglement-${i}`, montant: 700, mode: 'especes' },
            auth,
          );
        const shop = shops[i % shops.length]!;
        return t.post(
          `/api/services/${shop}/ventes`,
          {
            cleIdempotence: `journal-${i}`,
            typeVenteId: w.typeVente.id,
            lignes: [{ produitId: produits.get(shop)!, quantite: 1000 }],
            paiements: [{ mode: 'especes', montant: 700 }],
          },
          auth,
        );
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(62).fill(201));

    const { db } = server.ctx.database;
    for (const shop of shops) {
      const ventes = await db
        .selectFrom('ventes')
        .select('numero')
        .where('service_id', '=', shop)
        .unionAll(
          db
            .selectFrom('reglements')
            .select((eb) => eb.cast<string>('id', 'varchar(32)').as('numero'))
            .where('service_id', '=', shop),
        )
        .execute();
      const entrees = await db
        .selectFrom('journal_entrees')
        .select(['sequence', 'reference', 'hash', 'hash_precedent'])
        .where('service_id', '=', shop)
        .orderBy('sequence')
        .execute();
      // Gapless, no fork: 1…n, each previous hash the hash before it, each hash once.
      expect(entrees.map((e) => Number(e.sequence))).toEqual(ventes.map((_, i) => i + 1));
      entrees.forEach((e, i) =>
        expect(e.hash_precedent).toBe(i ? entrees[i - 1]!.hash : '0'.repeat(64)),
      );
      expect(new Set(entrees.map((e) => e.hash_precedent)).size).toBe(entrees.length);
      // One entry per sale, and no entry without its sale.
      expect(entrees.map((e) => e.reference).sort()).toEqual(ventes.map((v) => v.numero).sort());
      const { body } = await server
        .client()
        .get(`/api/services/${shop}/journal/verification`, auth);
      expect(body).toMatchObject({ valide: true, entrees: ventes.length });
    }
  });

  it('50 ventes simultanées de cinq caisses d’une boutique, chacune sur sa session ouverte : une chaîne linéaire et sans trou, une entrée par vente, la série de chaque caisse sans trou', async () => {
    const shop = (await createService(server.ctx, w.world.ownerA.id, { nom: 'Boutique à caisses' }))
      .id;
    const auth = { token: (await login(server.client(), w.world.ownerA.email)).token };
    const produit = (await w.produit({ prix: 700, stock: 1_000_000, shop, token: auth })).id;
    const client = server.client();
    const caisses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const caisse = await client.post(
        `/api/services/${shop}/caisses`,
        { nom: `Poste ${i}` },
        auth,
      );
      expect(caisse.status, JSON.stringify(caisse.body)).toBe(201);
      const session = await client.post(
        `/api/services/${shop}/caisses/${caisse.body.id}/sessions`,
        { fond: 0 },
        auth,
      );
      expect(session.status, JSON.stringify(session.body)).toBe(201);
      caisses.push(caisse.body.id);
    }
    const terminals = Array.from({ length: 50 }, () => server.client());
    await Promise.all(terminals.map((t) => t.get('/api/auth/xsrf')));
    const answers = await Promise.all(
      terminals.map((t, i) =>
        t.post(
          `/api/services/${shop}/ventes`,
          {
            cleIdempotence: `caisses-${i}`,
            typeVenteId: w.typeVente.id,
            caisseId: caisses[i % caisses.length],
            auPointDeVente: true,
            lignes: [{ produitId: produit, quantite: 1000 }],
            paiements: [{ mode: 'especes', montant: 700 }],
          },
          auth,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));

    const { db } = server.ctx.database;
    const ventes = await db
      .selectFrom('ventes as v')
      .innerJoin('caisse_sessions as s', 's.id', 'v.caisse_session_id')
      .select(['v.numero', 's.caisse_id'])
      .where('v.service_id', '=', shop)
      .execute();
    // Each sale on its register's open session, numbered in that register's gapless series.
    expect(ventes).toHaveLength(50);
    for (const caisse of caisses) {
      const numeros = ventes.filter((v) => v.caisse_id === caisse).map((v) => v.numero);
      expect(numeros.map((n) => Number(n.slice(-6))).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 10 }, (_, i) => i + 1),
      );
      expect(new Set(numeros.map((n) => n.slice(0, -6))).size).toBe(1);
    }
    const entrees = await db
      .selectFrom('journal_entrees')
      .select(['sequence', 'type', 'reference', 'hash', 'hash_precedent'])
      .where('service_id', '=', shop)
      .orderBy('sequence')
      .execute();
    // Five openings, then fifty sales: 1…55, each previous hash the hash before it, no fork.
    expect(entrees.map((e) => Number(e.sequence))).toEqual(
      Array.from({ length: 55 }, (_, i) => i + 1),
    );
    entrees.forEach((e, i) =>
      expect(e.hash_precedent).toBe(i ? entrees[i - 1]!.hash : '0'.repeat(64)),
    );
    expect(new Set(entrees.map((e) => e.hash_precedent)).size).toBe(entrees.length);
    // One entry per sale, and no entry without its sale.
    expect(
      entrees
        .filter((e) => e.type === 'vente')
        .map((e) => e.reference)
        .sort(),
    ).toEqual(ventes.map((v) => v.numero).sort());
    const { body } = await client.get(`/api/services/${shop}/journal/verification`, auth);
    expect(body).toMatchObject({ valide: true, entrees: 55 });
  });
});
