import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import type { TestClient } from './support/http.js';
import { inventoryWorld } from './support/inventaires.js';
import { expectProblem } from './support/problem.js';
import { newKey } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/** Exact value at cost of a difference, written here independently: half away from zero. */
function valeur(ecart: number, prixAchat: number): number {
  const num = BigInt(ecart) * BigInt(prixAchat);
  const q = (num < 0n ? -num : num) + 500n;
  const abs = q / 1000n;
  return Number(num < 0n ? -abs : abs);
}

describe(`inventaires : règle de l'écart, comptages simultanés, validation (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof inventoryWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    w = await inventoryWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  it('écart = compté − (ouverture + mouvements jusqu’au comptage) : une vente pendant le comptage ne fausse rien', async () => {
    const a = await w.produit({ stock: 10_000, prixAchat: 500 });
    const b = await w.produit({ stock: 5000, prixAchat: 700 });
    const c = await w.produit({ stock: 3000, prixAchat: 900 });
    const inv = await w.ouvrir();
    // A: 2 sold before its count, counted 7 (8 expected: one missing), then 1 sold after.
    await w.vendre(a.id, 2000);
    expect((await w.saisie(inv.id, a.id, 7000)).status).toBe(201);
    await w.vendre(a.id, 1000);
    // B: scanned 5 times by the manager (all there), then 1 sold.
    for (let i = 0; i < 5; i++)
      expect((await w.scan(inv.id, b.code, w.tokens.managerA)).status).toBe(201);
    await w.vendre(b.id, 1000);
    // C: never counted; 1 sold during the inventory.
    await w.vendre(c.id, 1000);

    const lignes = await w.lignes(inv.id);
    expect(lignes.get(a.id)).toMatchObject({
      quantiteOuverture: 10_000,
      mouvements: -2000,
      quantiteAttendue: 8000,
      quantiteComptee: 7000,
      ecart: -1000,
      prixAchat: 500,
      valeurEcart: -500,
      comptages: 1,
    });
    expect(lignes.get(b.id)).toMatchObject({
      quantiteAttendue: 5000,
      quantiteComptee: 5000,
      ecart: 0,
      comptages: 5,
      dernierComptage: { par: { id: w.world.managerA.id } },
    });
    expect(lignes.get(c.id)).toMatchObject({
      quantiteOuverture: 3000,
      mouvements: -1000,
      quantiteComptee: null,
      ecart: null,
    });
    const nonComptees = await w.lignes(inv.id, 'non_comptees');
    expect(nonComptees.has(c.id)).toBe(true);
    expect(nonComptees.has(a.id) || nonComptees.has(b.id)).toBe(false);

    const validated = await client.post(w.url(`/${inv.id}/validation`), {}, w.tokens.ownerA);
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({
      statut: 'valide',
      resume: {
        comptes: 2,
        ecarts: 1,
        valeurManquants: -500,
        valeurSurplus: 0,
        valeurEcarts: -500,
      },
    });
    // On the shelf now: what was counted, minus what left after the count.
    expect(await w.quantite(a.id)).toBe(7000 - 1000);
    expect(await w.quantite(b.id)).toBe(5000 - 1000);
    expect(await w.quantite(c.id)).toBe(3000 - 1000);
    expect(await w.inventoryMovements(inv.id)).toEqual([
      { produit_id: a.id, quantite: -1000, type: 'inventaire', document_type: 'inventaire' },
    ]);
    // After validation the lines keep their figures, whatever moves next.
    await w.vendre(a.id, 1000);
    expect((await w.lignes(inv.id)).get(a.id)).toMatchObject({
      quantiteAttendue: 8000,
      ecart: -1000,
      valeurEcart: -500,
    });
  });

  it('des scans simultanés du même produit par deux personnes s’additionnent ; une clé rejouée ne compte qu’une fois', async () => {
    const p = await w.produit({ stock: 50_000, prixAchat: 100 });
    const inv = await w.ouvrir();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        w.scan(inv.id, p.code, i % 2 ? w.tokens.managerA : w.tokens.ownerA),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    const ligne = (await w.lignes(inv.id)).get(p.id);
    expect(ligne).toMatchObject({ quantiteComptee: 40_000, comptages: 40, ecart: -10_000 });
    const events = await server.ctx.database.db
      .selectFrom('inventaire_comptages')
      .select(['user_id', 'mode', 'quantite'])
      .where('inventaire_id', '=', inv.id)
      .execute();
    expect(events).toHaveLength(40);
    expect(events.filter((e) => e.user_id === w.world.managerA.id)).toHaveLength(20);

    const cle = newKey();
    const body = { cleIdempotence: cle, mode: 'scan', codeBarres: p.code };
    const [first, again] = await Promise.all([
      client.post(w.url(`/${inv.id}/comptages`), body, w.tokens.ownerA),
      client.post(w.url(`/${inv.id}/comptages`), body, w.tokens.ownerA),
    ]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect((await w.lignes(inv.id)).get(p.id).quantiteComptee).toBe(41_000);
    const other = await client.post(
      w.url(`/${inv.id}/comptages`),
      { ...body, mode: 'saisie', codeBarres: undefined, produitId: p.id, quantite: 1000 },
      w.tokens.ownerA,
    );
    expectProblem(other, 409, 'CONFLICT');
    // A typed quantity replaces the count.
    expect((await w.saisie(inv.id, p.id, 48_000)).body).toMatchObject({
      quantiteComptee: 48_000,
      ecart: -2000,
    });
    expect((await client.post(w.url(`/${inv.id}/annulation`), {}, w.tokens.ownerA)).status).toBe(
      200,
    );
    expect(await w.quantite(p.id)).toBe(50_000);
  });

  it('deux validations simultanées : une seule passe, les mouvements sont écrits une fois', async () => {
    const p = await w.produit({ stock: 4000, prixAchat: 250 });
    const inv = await w.ouvrir();
    await w.saisie(inv.id, p.id, 6000);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.post(w.url(`/${inv.id}/validation`), {}, w.tokens.ownerA),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(expectProblem(refused, 409, 'CONFLICT').detail).toContain('déjà validé');
    expect(await w.inventoryMovements(inv.id)).toEqual([
      { produit_id: p.id, quantite: 2000, type: 'inventaire', document_type: 'inventaire' },
    ]);
    expect(await w.quantite(p.id)).toBe(6000);
    // Closed: no more counts, no cancellation.
    expectProblem(await w.saisie(inv.id, p.id, 1000), 409, 'CONFLICT');
    expectProblem(
      await client.post(w.url(`/${inv.id}/annulation`), {}, w.tokens.ownerA),
      409,
      'CONFLICT',
    );
  });

  it('validation tout ou rien : un produit refusé par le registre ne laisse rien d’écrit', async () => {
    const e = await w.produit({ stock: 5000, prixAchat: 300 });
    const f = await w.produit({ stock: 1000, prixAchat: 400 });
    const inv = await w.ouvrir();
    await w.saisie(inv.id, f.id, 4000); // +3
    await w.saisie(inv.id, e.id, 2000); // −3 at its count
    await w.vendre(e.id, 3000); // 2 left: −3 would go under zero
    const countsBefore = await w.lignes(inv.id);
    const refused = await client.post(w.url(`/${inv.id}/validation`), {}, w.tokens.ownerA);
    expect(expectProblem(refused, 409, 'CONFLICT').detail).toMatch(/Stock insuffisant.*recomptez/);
    expect(await w.quantite(e.id)).toBe(2000);
    expect(await w.quantite(f.id)).toBe(1000);
    expect(await w.inventoryMovements(inv.id)).toEqual([]);
    expect((await client.get(w.url(`/${inv.id}`), w.tokens.ownerA)).body.statut).toBe('ouvert');
    const stored = await server.ctx.database.db
      .selectFrom('inventaire_lignes')
      .select(['ecart', 'prix_achat'])
      .where('inventaire_id', '=', inv.id)
      .execute();
    expect(stored.every((l) => l.ecart === null && l.prix_achat === null)).toBe(true);
    expect(await w.lignes(inv.id)).toEqual(countsBefore);
    // Recounted: E has 2 on the shelf (as expected now); the validation passes.
    await w.saisie(inv.id, e.id, 2000);
    expect((await client.post(w.url(`/${inv.id}/validation`), {}, w.tokens.ownerA)).status).toBe(
      200,
    );
    expect(await w.quantite(e.id)).toBe(2000);
    expect(await w.quantite(f.id)).toBe(4000);
  });

  it('écarts et valeurs au coût égaux à un calcul indépendant (quantités décimales, arrondis)', async () => {
    // mulberry32: a fixed seed, well-spread draws.
    let seed = 20_261_124;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const items = [];
    for (let i = 0; i < 12; i++) {
      const stock = 3000 + rand(20) * 1000 + rand(1000);
      const prixAchat = 1 + rand(2000);
      items.push({ ...(await w.produit({ stock, prixAchat, kg: true })), stock, prixAchat });
    }
    const inv = await w.ouvrir();
    const model = new Map<number, { ecart: number | null; final: number }>();
    for (const it of items) {
      const before = rand(3) * 1000; // sold before the count
      if (before) await w.vendre(it.id, before);
      if (it === items[3] || it === items[8]) {
        model.set(it.id, { ecart: null, final: it.stock - before });
        continue;
      }
      const counted = rand(25_000);
      await w.saisie(inv.id, it.id, counted);
      const after = Math.min(counted, rand(2) * 1000); // sold after the count
      if (after) await w.vendre(it.id, after);
      model.set(it.id, { ecart: counted - (it.stock - before), final: counted - after });
    }
    const lignes = await w.lignes(inv.id);
    let manquants = 0;
    let surplus = 0;
    expect([...model.values()].filter((m) => m.ecart !== null && m.ecart !== 0).length).toBe(10);
    for (const it of items) {
      const m = model.get(it.id)!;
      const v = m.ecart === null ? null : valeur(m.ecart, it.prixAchat);
      expect(lignes.get(it.id)).toMatchObject({ ecart: m.ecart, valeurEcart: v });
      if (v !== null && v < 0) manquants += v;
      if (v !== null && v > 0) surplus += v;
    }
    const validated = await client.post(w.url(`/${inv.id}/validation`), {}, w.tokens.ownerA);
    expect(validated.body.resume).toMatchObject({
      valeurManquants: manquants,
      valeurSurplus: surplus,
      valeurEcarts: manquants + surplus,
    });
    for (const it of items) expect(await w.quantite(it.id)).toBe(model.get(it.id)!.final);
    const stored = await server.ctx.database.db
      .selectFrom('inventaire_lignes')
      .select(['produit_id', 'ecart', 'valeur_ecart'])
      .where('inventaire_id', '=', inv.id)
      .execute();
    for (const s of stored) {
      const m = model.get(s.produit_id);
      if (!m) continue;
      const it = items.find((i) => i.id === s.produit_id)!;
      expect(s.ecart === null ? null : Number(s.ecart)).toBe(m.ecart);
      expect(s.valeur_ecart === null ? null : Number(s.valeur_ecart)).toBe(
        m.ecart === null ? null : valeur(m.ecart, it.prixAchat),
      );
    }
  });

  it('la quantité de chaque produit reste la somme de ses mouvements', async () => {
    const { db } = server.ctx.database;
    const produits = await db.selectFrom('produits').select(['id', 'quantite']).execute();
    const sums = await db
      .selectFrom('mouvements_stock')
      .select((eb) => ['produit_id', eb.fn.sum<number>('quantite').as('s')])
      .groupBy('produit_id')
      .execute();
    for (const p of produits)
      expect(Number(sums.find((s) => s.produit_id === p.id)?.s ?? 0), `produit ${p.id}`).toBe(
        Number(p.quantite),
      );
  });
});
