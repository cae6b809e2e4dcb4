import { frenchSortKey } from '@comptoir/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/errors.js';
import { nowIso } from '../src/db/time.js';
import { applyMovements } from '../src/modules/stock/stock.lot.js';
import { applyMovement } from '../src/modules/stock/stock.service.js';
import { TEST_DIALECT } from './support/database.js';
import { createService, createUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const TYPES = ['vente', 'retour', 'achat', 'ajustement', 'inventaire', 'transfert'] as const;

/** One step: a movement on one of the products, maybe inside a document that then fails. */
const step = fc.record({
  produit: fc.nat({ max: 2 }),
  quantite: fc.integer({ min: -5000, max: 5000 }).filter((q) => q !== 0),
  type: fc.constantFrom(...TYPES),
  documentFails: fc.boolean(),
  negativeAllowed: fc.boolean(),
});

describe(`invariant du registre de stock (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let serviceId: number;
  let userId: number;
  let uniteId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    userId = owner.id;
    serviceId = (await createService(server.ctx, owner.id)).id;
    uniteId = (
      await server.ctx.database.db
        .selectFrom('unites')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it('quelle que soit la suite de mouvements (refusés et annulés compris), la quantité égale la somme des mouvements', async () => {
    const { db } = server.ctx.database;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        run++;
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) {
          const now = nowIso();
          ids.push(
            (
              await db
                .insertInto('produits')
                .values({
                  service_id: serviceId,
                  nom: `P${run}-${i}`,
                  nom_recherche: `p${run}-${i}`,
                  nom_tri: frenchSortKey(`p${run}-${i}`),
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
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          );
        }
        const expected = [0, 0, 0];
        for (const s of steps) {
          await db
            .updateTable('services')
            .set({ stock_negatif_autorise: s.negativeAllowed ? 1 : 0 })
            .where('id', '=', serviceId)
            .execute();
          const before = expected[s.produit]!;
          const refused = s.quantite < 0 && before + s.quantite < 0 && !s.negativeAllowed;
          try {
            await db.transaction().execute(async (trx) => {
              const next = await applyMovement(trx, {
                serviceId,
                produitId: ids[s.produit]!,
                quantite: s.quantite,
                type: s.type,
                userId,
                documentType: 'essai',
                documentId: run,
              });
              expect(next).toBe(before + s.quantite);
              if (s.documentFails) throw new Error('document refusé');
            });
            expect(refused || s.documentFails).toBe(false);
            expected[s.produit] = before + s.quantite;
          } catch (error) {
            if (refused) {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).status).toBe(409);
            } else {
              expect((error as Error).message).toBe('document refusé');
            }
          }
        }
        const rows = await db
          .selectFrom('produits')
          .select([
            'id',
            'quantite',
            sql<number>`(select coalesce(sum(m.quantite), 0) from mouvements_stock m where m.produit_id = produits.id)`.as(
              'somme',
            ),
          ])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute();
        expect(rows.map((r) => Number(r.quantite))).toEqual(expected);
        expect(rows.map((r) => Number(r.somme))).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('deux sorties concurrentes ne prennent pas toutes deux la dernière unité', async () => {
    const { db } = server.ctx.database;
    await db
      .updateTable('services')
      .set({ stock_negatif_autorise: 0 })
      .where('id', '=', serviceId)
      .execute();
    const now = nowIso();
    const { id } = await db
      .insertInto('produits')
      .values({
        service_id: serviceId,
        nom: 'Dernier',
        nom_recherche: 'dernier',
        nom_tri: frenchSortKey('dernier'),
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .transaction()
      .execute((trx) =>
        applyMovement(trx, { serviceId, produitId: id, quantite: 1000, type: 'achat', userId }),
      );
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() =>
        db.transaction().execute((trx) =>
          applyMovement(trx, {
            serviceId,
            produitId: id,
            quantite: -1000,
            type: 'vente',
            userId,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const row = await db
      .selectFrom('produits')
      .select('quantite')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.quantite)).toBe(0);
  });

  it('plusieurs produits d’un document (applyMovements) : tout ou rien, le refus nomme le premier produit refusé, quantité = somme des mouvements', async () => {
    const { db } = server.ctx.database;
    await db
      .updateTable('services')
      .set({ stock_negatif_autorise: 0 })
      .where('id', '=', serviceId)
      .execute();
    const now = nowIso();
    const ids: number[] = [];
    for (const nom of ['Lot A', 'Lot B', 'Lot C']) {
      ids.push(
        (
          await db
            .insertInto('produits')
            .values({
              service_id: serviceId,
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
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    const [a, b, c] = ids as [number, number, number];
    const entree = await db.transaction().execute((trx) =>
      applyMovements(trx, {
        serviceId,
        type: 'achat',
        userId,
        lignes: [
          { produitId: c, quantite: 3000 },
          { produitId: a, quantite: 2000 },
          { produitId: b, quantite: 1000 },
        ],
      }),
    );
    expect(Object.fromEntries(entree)).toEqual({ [a]: 2000, [b]: 1000, [c]: 3000 });
    // B and C both short: the 409 names B (first in id order) and nothing moves.
    const refus = await db
      .transaction()
      .execute((trx) =>
        applyMovements(trx, {
          serviceId,
          type: 'vente',
          userId,
          lignes: [
            { produitId: c, quantite: -4000 },
            { produitId: a, quantite: -1000 },
            { produitId: b, quantite: -2000 },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(refus).toBeInstanceOf(AppError);
    expect((refus as AppError).detail).toContain('« Lot B »');
    // With negative stock allowed, B goes under zero; an entry then brings it back.
    await db
      .updateTable('services')
      .set({ stock_negatif_autorise: 1 })
      .where('id', '=', serviceId)
      .execute();
    await db.transaction().execute((trx) =>
      applyMovements(trx, {
        serviceId,
        type: 'ajustement',
        userId,
        lignes: [
          { produitId: a, quantite: 500 },
          { produitId: b, quantite: -2000 },
        ],
      }),
    );
    await db
      .updateTable('services')
      .set({ stock_negatif_autorise: 0 })
      .where('id', '=', serviceId)
      .execute();
    await db.transaction().execute((trx) =>
      applyMovements(trx, {
        serviceId,
        type: 'achat',
        userId,
        lignes: [
          { produitId: b, quantite: 1500 },
          { produitId: c, quantite: 1 },
        ],
      }),
    );
    for (const [id, expected] of [
      [a, 2500],
      [b, 500],
      [c, 3001],
    ] as const) {
      const row = await db
        .selectFrom('produits')
        .select('quantite')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const sum = await db
        .selectFrom('mouvements_stock')
        .select(sql<number>`coalesce(sum(quantite), 0)`.as('s'))
        .where('produit_id', '=', id)
        .executeTakeFirstOrThrow();
      expect([Number(row.quantite), Number(sum.s)]).toEqual([expected, expected]);
    }
  });
});
