import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPENSE_CATEGORIES_DEFAUT } from '@comptoir/shared';
import { TEST_DIALECT } from './support/database.js';
import { createService } from './support/factories.js';
import { depensesWorld } from './support/depenses-world.js';
import type { TestClient } from './support/http.js';
import { expectProblem } from './support/problem.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`dépenses : catégories, enregistrement, totaux, modifications (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof depensesWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    // « Aujourd'hui » de ce fichier (boutiques en Côte d'Ivoire : le jour UTC).
    server.clock.set('2026-06-15T09:00:00Z');
    client = server.client();
    w = await depensesWorld(server, client);
  });
  afterAll(() => server.close());

  it('une boutique créée après la migration reçoit les catégories par défaut à la première lecture ; le propriétaire ajoute et renomme', async () => {
    const shop = await createService(server.ctx, w.world.ownerA.id, { nom: 'Boutique neuve' });
    const path = `/api/services/${shop.id}/categories-depenses`;
    const first = await client.get(path, { token: w.tokens.ownerA });
    expect(first.status).toBe(200);
    expect(first.body.map((c: { nom: string }) => c.nom)).toEqual([...DEPENSE_CATEGORIES_DEFAUT]);
    expect(first.body.every((c: { nombreDepenses: number }) => c.nombreDepenses === 0)).toBe(true);
    // A second read adds nothing.
    expect((await client.get(path, { token: w.tokens.ownerA })).body).toEqual(first.body);

    const added = await w.call('ownerA', 'POST', 'categories-depenses', { nom: 'Gardiennage' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ nom: 'Gardiennage', nombreDepenses: 0 });
    expectProblem(
      await w.call('ownerA', 'POST', 'categories-depenses', { nom: 'LOYER' }),
      409,
      'CONFLICT',
    );
    const renamed = await w.call('ownerA', 'PUT', `categories-depenses/${added.body.id}`, {
      nom: 'Sécurité',
    });
    expect(renamed.body).toMatchObject({ id: added.body.id, nom: 'Sécurité' });
    expectProblem(
      await w.call('ownerA', 'PUT', `categories-depenses/${added.body.id}`, { nom: 'autre' }),
      409,
      'CONFLICT',
    );
    // The manager reads them (to record) but neither adds nor renames.
    expect((await w.categories('managerA')).map((c) => c.nom)).toContain('Sécurité');
    const before = await snapshot(server.ctx);
    expectProblem(
      await w.call('managerA', 'POST', 'categories-depenses', { nom: 'Divers' }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await w.call('managerA', 'PUT', `categories-depenses/${added.body.id}`, { nom: 'Divers' }),
      403,
      'FORBIDDEN',
    );
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
  });

  it('le gérant enregistre ; même clé et même requête : la même dépense, rejouée ; autre requête : 409', async () => {
    const categorieId = await w.categorie('Transport', 'managerA');
    const body = {
      cleIdempotence: randomUUID(),
      categorieId,
      libelle: 'Taxi pour la livraison',
      montant: 3500,
      date: '2026-06-14',
      mode: 'mobile_money',
    };
    const created = await w.call('managerA', 'POST', 'depenses', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      categorie: { id: categorieId, nom: 'Transport' },
      libelle: 'Taxi pour la livraison',
      montant: 3500,
      date: '2026-06-14',
      mode: 'mobile_money',
      justificatif: null,
      auteur: { id: w.world.managerA.id },
      suppression: null,
      historique: [],
    });
    const again = await w.call('managerA', 'POST', 'depenses', body);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(created.body.id);
    const before = await snapshot(server.ctx);
    expectProblem(
      await w.call('managerA', 'POST', 'depenses', { ...body, montant: 3600 }),
      409,
      'CONFLICT',
    );
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
    const count = await server.ctx.database.db
      .selectFrom('depenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cle_idempotence', '=', body.cleIdempotence)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('le gérant ne modifie ni ne supprime (403, rien d’écrit) ; le propriétaire modifie : avant, après, qui et quand dans l’historique', async () => {
    const loyer = await w.categorie('Loyer');
    const fournitures = await w.categorie('Fournitures');
    const d = await w.depense(
      { categorieId: fournitures, libelle: 'Ramettes', montant: 12_000, date: '2026-06-10' },
      'managerA',
    );
    const edit = {
      categorieId: loyer,
      libelle: 'Loyer de juin',
      montant: 150_000,
      date: '2026-06-05',
      mode: 'virement',
    };
    const before = await snapshot(server.ctx);
    expectProblem(await w.call('managerA', 'PUT', `depenses/${d.id}`, edit), 403, 'FORBIDDEN');
    expectProblem(await w.call('managerA', 'DELETE', `depenses/${d.id}`), 403, 'FORBIDDEN');
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);

    const edited = await w.call('ownerA', 'PUT', `depenses/${d.id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      categorie: { id: loyer, nom: 'Loyer' },
      libelle: 'Loyer de juin',
      montant: 150_000,
      date: '2026-06-05',
      mode: 'virement',
      auteur: { id: w.world.managerA.id },
    });
    expect(edited.body.historique).toHaveLength(1);
    const [entry] = edited.body.historique;
    expect(entry).toMatchObject({
      action: 'modification',
      par: { id: w.world.ownerA.id },
      avant: {
        categorie: 'Fournitures',
        libelle: 'Ramettes',
        montant: 12_000,
        date: '2026-06-10',
        mode: 'especes',
        justificatif: null,
      },
      apres: {
        categorie: 'Loyer',
        libelle: 'Loyer de juin',
        montant: 150_000,
        date: '2026-06-05',
        mode: 'virement',
        justificatif: null,
      },
    });
    expect(entry.le.startsWith('2026-06-15T09:')).toBe(true);
    // The same content again: no new entry.
    const same = await w.call('ownerA', 'PUT', `depenses/${d.id}`, edit);
    expect(same.body.historique).toHaveLength(1);
    // The manager sees the history on the expense too.
    const seen = await w.call('managerA', 'GET', `depenses/${d.id}`);
    expect(seen.body.historique).toEqual(edited.body.historique);
  });

  it('supprimée : hors des listes et des totaux, lisible avec son historique et dans l’historique de la boutique ; pas deux fois', async () => {
    const salaires = await w.categorie('Salaires');
    const kept = await w.depense({ categorieId: salaires, montant: 70_000, date: '2026-03-02' });
    const gone = await w.depense({ categorieId: salaires, montant: 30_000, date: '2026-03-03' });
    const march = 'depenses?du=2026-03-01&au=2026-03-31';
    expect((await w.ok(w.call('ownerA', 'GET', march))).totaux.montant).toBe(100_000);

    expect((await w.call('ownerA', 'DELETE', `depenses/${gone.id}`)).status).toBe(204);
    const list = await w.ok(w.call('ownerA', 'GET', march));
    expect(list.items.map((i: { id: number }) => i.id)).toEqual([kept.id]);
    expect(list.totaux).toEqual({
      nombre: 1,
      montant: 70_000,
      parCategorie: [{ categorie: { id: salaires, nom: 'Salaires' }, nombre: 1, montant: 70_000 }],
    });
    const read = await w.ok(w.call('managerA', 'GET', `depenses/${gone.id}`));
    expect(read.suppression).toMatchObject({ par: { id: w.world.ownerA.id } });
    expect(read.historique).toMatchObject([
      { action: 'suppression', avant: { montant: 30_000, categorie: 'Salaires' }, apres: null },
    ]);
    const shopHistory = await w.ok(w.call('managerA', 'GET', 'depenses-historique?size=200'));
    expect(shopHistory.items[0]).toMatchObject({
      depenseId: gone.id,
      action: 'suppression',
      libelle: 'Dépense',
    });
    const before = await snapshot(server.ctx);
    expectProblem(await w.call('ownerA', 'DELETE', `depenses/${gone.id}`), 404, 'NOT_FOUND');
    expectProblem(
      await w.call('ownerA', 'PUT', `depenses/${gone.id}`, {
        categorieId: salaires,
        libelle: 'x',
        montant: 1,
        date: '2026-03-03',
        mode: 'especes',
      }),
      404,
      'NOT_FOUND',
    );
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
  });

  it('d’une autre boutique : 404 pour la dépense, 422 pour la catégorie, rien d’écrit', async () => {
    const theirs = await w.depense({}, 'ownerB');
    const theirCategory = await w.categorie('Loyer', 'ownerB');
    const before = await snapshot(server.ctx);
    expectProblem(await w.call('ownerA', 'GET', `depenses/${theirs.id}`), 404, 'NOT_FOUND');
    expectProblem(await w.call('managerA', 'GET', `depenses/${theirs.id}`), 404, 'NOT_FOUND');
    expectProblem(await w.call('ownerA', 'DELETE', `depenses/${theirs.id}`), 404, 'NOT_FOUND');
    expectProblem(
      await w.call('ownerA', 'POST', 'depenses', {
        cleIdempotence: randomUUID(),
        categorieId: theirCategory,
        libelle: 'Chez les autres',
        montant: 100,
        date: '2026-06-01',
        mode: 'especes',
      }),
      422,
      'BUSINESS_RULE',
    );
    expect(changedTables(before, await snapshot(server.ctx))).toEqual([]);
    const mine = await w.ok(w.call('ownerA', 'GET', 'depenses?size=200'));
    expect(mine.items.some((i: { id: number }) => i.id === theirs.id)).toBe(false);
  });
});
