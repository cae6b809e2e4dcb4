import { frenchSortKey } from '@comptoir/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/errors.js';
import { nowIso } from '../src/db/time.js';
import { applyMovements } from '../src/modules/stock/stock.lot.js';
import { applyMovement, recordOpeningStock } from '../src/modules/stock/stock.service.js';
import { TEST_DIALECT } from './support/database.js';
import { createService, createUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The entry checks of the stock ledger (what it refuses before writing anything), the product of
 * another shop, and the opening stock of an import. The sums are checked against the database.
 */
describe(`registre de stock : refus et stock initial (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let serviceId: number;
  let otherServiceId: number;
  let userId: number;
  let uniteId: number;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    userId = owner.id;
    serviceId = (await createService(server.ctx, owner.id)).id;
    otherServiceId = (await createService(server.ctx, owner.id)).id;
    uniteId = (
      await server.ctx.database.db
        .selectFrom('unites')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  const db = () => server.ctx.database.db;

  /** `count` products of `shop` with no stock and no movement, straight in the table. */
  async function produits(count: number, shop = serviceId): Promise<number[]> {
    const now = nowIso();
    const rows = Array.from({ length: count }, () => {
      const nom = `Registre ${++n}`;
      return {
        service_id: shop,
        nom,
        nom_recherche: nom.toLowerCase(),
        nom_tri: frenchSortKey(nom.toLowerCase()),
        reference: null,
        code_barres: null,
        categorie_id: null,
        marque_id: null,
        unite_id: uniteId,
        prix_achat: 0,
        prix_vente: 0,
        prix_gros: null,
        taux_tva: 0,
        seuil_alerte: 0,
        image_file_id: null,
        description: null,
        actif: 1,
        created_at: now,
        updated_at: now,
      };
    });
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const out = await db()
        .insertInto('produits')
        .values(rows.slice(i, i + 500))
        .returning('id')
        .execute();
      ids.push(...out.map((r) => r.id));
    }
    return ids;
  }

  /** [quantity, sum of movements, number of movements] of each product. */
  async function etat(ids: number[]): Promise<Array<[number, number, number]>> {
    const rows = await db()
      .selectFrom('produits')
      .select([
        'id',
        'quantite',
        sql<number>`(select coalesce(sum(m.quantite), 0) from mouvements_stock m where m.produit_id = produits.id)`.as(
          'somme',
        ),
        sql<number>`(select count(*) from mouvements_stock m where m.produit_id = produits.id)`.as(
          'nombre',
        ),
      ])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((r) => [Number(r.quantite), Number(r.somme), Number(r.nombre)]);
  }

  const move = (produitId: number, quantite: number) =>
    db()
      .transaction()
      .execute((trx) =>
        applyMovement(trx, { serviceId, produitId, quantite, type: 'achat', userId }),
      );

  const moveAll = (lignes: Array<{ produitId: number; quantite: number }>) =>
    db()
      .transaction()
      .execute((trx) => applyMovements(trx, { serviceId, type: 'achat', userId, lignes }));

  it('un mouvement nul, fractionnaire ou hors des entiers exacts est refusé sans rien écrire', async () => {
    const [p] = (await produits(1)) as [number];
    await move(p, 2000);
    for (const quantite of [0, 1.5, -0.5, 2 ** 53, Number.NaN])
      await expect(move(p, quantite)).rejects.toThrow(
        new RangeError('Quantité de mouvement invalide'),
      );
    expect(await etat([p])).toEqual([[2000, 2000, 1]]);
  });

  it('plusieurs produits : une ligne invalide ou un produit en double refuse tout le document', async () => {
    const [a, b] = (await produits(2)) as [number, number];
    await moveAll([
      { produitId: a, quantite: 1000 },
      { produitId: b, quantite: 1000 },
    ]);
    for (const bad of [0, 2.5, 2 ** 53])
      await expect(
        moveAll([
          { produitId: a, quantite: 1000 },
          { produitId: b, quantite: bad },
        ]),
      ).rejects.toThrow(new RangeError('Quantité de mouvement invalide'));
    // The first line is checked too, not only the following ones.
    await expect(
      moveAll([
        { produitId: a, quantite: 0 },
        { produitId: b, quantite: 1000 },
      ]),
    ).rejects.toThrow(new RangeError('Quantité de mouvement invalide'));
    await expect(
      moveAll([
        { produitId: b, quantite: 1000 },
        { produitId: a, quantite: 1000 },
        { produitId: b, quantite: -500 },
      ]),
    ).rejects.toThrow(new RangeError('Produits de mouvement invalides'));
    await expect(
      moveAll([
        { produitId: a, quantite: 1000 },
        { produitId: b + 0.5, quantite: 1000 },
      ]),
    ).rejects.toThrow(new RangeError('Produits de mouvement invalides'));
    expect(await etat([a, b])).toEqual([
      [1000, 1000, 1],
      [1000, 1000, 1],
    ]);
  });

  it('un document sans ligne ne bouge rien et ne rend aucune quantité', async () => {
    const avant = await db()
      .selectFrom('mouvements_stock')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await moveAll([])).size).toBe(0);
    const apres = await db()
      .selectFrom('mouvements_stock')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(apres.n)).toBe(Number(avant.n));
  });

  it('le produit d’une autre boutique est introuvable (404) et ne bouge pas', async () => {
    const [mine] = (await produits(1)) as [number];
    const [theirs] = (await produits(1, otherServiceId)) as [number];
    for (const attempt of [
      () => move(theirs, 1000),
      () =>
        moveAll([
          { produitId: mine, quantite: 1000 },
          { produitId: theirs, quantite: 1000 },
        ]),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(404);
      expect((error as AppError).detail).toBe('Produit introuvable.');
    }
    expect(await etat([mine, theirs])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('stock initial d’un import : un mouvement « initial » par produit qui en a, par lots, sans doublon', async () => {
    // 1 600 products, every third one without opening stock: 1 066 movements, two batches of at
    // most 1 000 (with fewer than 1 001 movements, a batch that wrote every row would go unseen).
    const ids = await produits(1600);
    const items = ids.map((produitId, i) => ({
      produitId,
      quantite: i % 3 === 0 ? 0 : i * 10,
      cump: 7 * i,
    }));
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const { produitId, quantite } of items)
          if (quantite !== 0)
            await trx
              .updateTable('produits')
              .set({ quantite })
              .where('id', '=', produitId)
              .execute();
        await recordOpeningStock(trx, serviceId, userId, items);
      });
    expect(await etat(ids)).toEqual(
      items.map(({ quantite }) => [quantite, quantite, quantite === 0 ? 0 : 1]),
    );
    const kinds = await db()
      .selectFrom('mouvements_stock')
      .select(['type', 'motif', 'user_id', 'document_type'])
      .where('produit_id', 'in', ids)
      .distinct()
      .execute();
    expect(kinds).toEqual([
      { type: 'initial', motif: 'Stock initial (import)', user_id: userId, document_type: null },
    ]);
    // Each movement keeps its product's cost.
    const costs = await db()
      .selectFrom('mouvements_stock')
      .select(['produit_id', 'cump'])
      .where('produit_id', 'in', ids)
      .execute();
    const expected = new Map(items.map((i) => [i.produitId, i.cump]));
    expect(costs.filter((m) => Number(m.cump) !== expected.get(m.produit_id))).toEqual([]);
  });
});
