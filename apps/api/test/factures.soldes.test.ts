import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The rest and payment status stored on each invoice (migration 032) never go stale: over random
 * histories of sales on credit, invoices, repayments, returns, credit notes (commercial or with the
 * goods back) and days passing, after every step each invoice's stored figures, its detail, the
 * list's status filters and the list's totals equal what the test computes itself from the raw
 * debts, sales and credit notes (docs/regles-metier.md, « Factures »).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 10);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_124);

type Op =
  | { kind: 'vente'; client: number; prix: number; paye: 0 | 1 | 2; facturer: boolean }
  | { kind: 'facturer'; client: number }
  | { kind: 'regler'; client: number; part: number }
  | { kind: 'retour'; pick: number }
  | { kind: 'avoir'; pick: number; retour: boolean }
  | { kind: 'jours'; jours: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('vente' as const),
    client: fc.nat(2),
    prix: fc.integer({ min: 10, max: 200 }).map((n) => n * 100),
    paye: fc.constantFrom(0 as const, 1 as const, 2 as const),
    facturer: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('facturer' as const), client: fc.nat(2) }),
  fc.record({
    kind: fc.constant('regler' as const),
    client: fc.nat(2),
    part: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('retour' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('avoir' as const), pick: fc.nat(), retour: fc.boolean() }),
  fc.record({ kind: fc.constant('jours' as const), jours: fc.integer({ min: 1, max: 20 }) }),
);

describe(`solde et statut gardés sur chaque facture (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const db = () => server.ctx.database.db;
  const url = (path: string) => `${w.shopUrl()}${path}`;
  const post = (path: string, body: Record<string, unknown>) =>
    client.post(url(path), { cleIdempotence: newKey(), ...body }, w.tokens.ownerA);

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-02-02T10:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
  });
  afterAll(() => server.close());

  /** Each invoice of shop A as the rules make it, from the raw rows (not the stored figures). */
  async function expected() {
    const shop = w.world.shopA.id;
    const [factures, liens, dettes, ventes, avoirs] = await Promise.all([
      db()
        .selectFrom('factures')
        .select(['id', 'echeance', 'reste', 'statut_paiement'])
        .where('service_id', '=', shop)
        .execute(),
      db().selectFrom('facture_ventes').select(['facture_id', 'vente_id']).execute(),
      db().selectFrom('dettes').select(['vente_id', 'montant', 'paye']).execute(),
      db().selectFrom('ventes').select(['id', 'montant_paye']).execute(),
      db()
        .selectFrom('avoirs as a')
        .select([
          'a.facture_id',
          'a.montant_ttc',
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('avoir_lignes as l')
                  .select('l.id')
                  .whereRef('l.avoir_id', '=', 'a.id')
                  .where('l.retour_id', 'is not', null),
              )
              .as('avec_retour'),
        ])
        .execute(),
    ]);
    const today = localDay(0, server.clock);
    return factures.map((f) => {
      const ventesOf = liens.filter((l) => l.facture_id === f.id).map((l) => l.vente_id);
      const du = dettes
        .filter((d) => ventesOf.includes(d.vente_id))
        .reduce((a, d) => a + Number(d.montant) - Number(d.paye), 0);
      const commerciaux = avoirs
        .filter((a) => a.facture_id === f.id && !a.avec_retour)
        .reduce((a, x) => a + Number(x.montant_ttc), 0);
      const paye = ventes
        .filter((v) => ventesOf.includes(v.id))
        .reduce((a, v) => a + Number(v.montant_paye), 0);
      const reste = Math.max(0, du - commerciaux);
      const paiement = reste <= 0 ? 'payee' : paye > 0 ? 'partiellement_payee' : 'impayee';
      const statut = paiement !== 'payee' && f.echeance < today ? 'en_retard' : paiement;
      return { f, reste, paiement, statut };
    });
  }

  /** Statuses met and documents written over the histories: what they covered. */
  const seen = new Set<string>();

  async function check(step: string) {
    const all = await expected();
    for (const e of all) seen.add(e.statut);
    for (const e of all)
      expect(
        { id: e.f.id, reste: Number(e.f.reste), paiement: e.f.statut_paiement },
        `${step} : facture ${e.f.id} gardée`,
      ).toEqual({ id: e.f.id, reste: e.reste, paiement: e.paiement });
    const page = (await client.get(url('/factures?size=100'), w.tokens.ownerA)).body;
    expect(
      new Map(page.items.map((i: { id: number; reste: number; statut: string }) => [i.id, i])),
    ).toEqual(
      new Map(
        all.map((e) => [e.f.id, expect.objectContaining({ reste: e.reste, statut: e.statut })]),
      ),
    );
    expect(page.totaux.reste, `${step} : total des restes`).toBe(
      all.reduce((a, e) => a + e.reste, 0),
    );
    for (const statut of ['payee', 'partiellement_payee', 'impayee', 'en_retard']) {
      const filtered = (
        await client.get(url(`/factures?size=100&statut=${statut}`), w.tokens.ownerA)
      ).body;
      const ids = all.filter((e) => e.statut === statut).map((e) => e.f.id);
      expect(filtered.items.map((i: { id: number }) => i.id).sort(), `${step} : ${statut}`).toEqual(
        ids.sort((a, b) => a - b),
      );
      expect(filtered.totaux.reste).toBe(
        all.filter((e) => e.statut === statut).reduce((a, e) => a + e.reste, 0),
      );
    }
    const one = all[all.length - 1];
    if (one) {
      const detail = (await client.get(url(`/factures/${one.f.id}`), w.tokens.ownerA)).body;
      expect(detail).toMatchObject({ reste: one.reste, statut: one.statut });
    }
  }

  it('après chaque vente, facture, règlement, retour, avoir ou jour qui passe : solde et statut à jour', async () => {
    const produits = new Map<number, { id: number }>();
    const produitAt = async (prix: number) => {
      if (!produits.has(prix)) produits.set(prix, await w.produit({ prix, stock: 100_000_000 }));
      return produits.get(prix)!;
    };
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 8, maxLength: 16 }), async (ops) => {
        run++;
        const clients = [];
        for (let i = 0; i < 3; i++)
          clients.push(await w.clientNamed(`Client ${run}-${i} ${newKey().slice(0, 4)}`));
        const ventes: Array<{ id: number; client: number; ligneId: number }> = [];
        const facturer = (client: number, venteIds: number[]) =>
          post('/factures', { venteIds, echeance: localDay(7, server.clock) });
        for (const [n, op] of ops.entries()) {
          const c = clients['client' in op ? op.client : 0]!;
          if (op.kind === 'vente') {
            const total = op.prix * 3;
            const paye = [0, Math.floor(total / 3), total][op.paye]!;
            const v = await w.vente({
              clientId: c.id,
              echeance: localDay(10, server.clock),
              lignes: [{ produitId: (await produitAt(op.prix)).id, quantite: 3000 }],
              paiements: paye ? [{ mode: 'especes', montant: paye }] : [],
            });
            ventes.push({ id: v.id, client: c.id, ligneId: v.lignes[0].id });
            if (op.facturer) expect((await facturer(c.id, [v.id])).status).toBe(201);
          } else if (op.kind === 'facturer') {
            const libres = await db()
              .selectFrom('ventes as v')
              .select('v.id')
              .where('v.client_id', '=', c.id)
              .where('v.statut', '<>', 'retournee')
              .where((eb) =>
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('facture_ventes as fv')
                      .select('fv.id')
                      .whereRef('fv.vente_id', '=', 'v.id'),
                  ),
                ),
              )
              .execute();
            if (libres.length)
              expect(
                (
                  await facturer(
                    c.id,
                    libres.map((v) => v.id),
                  )
                ).status,
              ).toBe(201);
          } else if (op.kind === 'regler') {
            const du = await db()
              .selectFrom('dettes')
              .select((eb) => eb.fn.sum<number>(eb.ref('montant')).as('m'))
              .select((eb) => eb.fn.sum<number>(eb.ref('paye')).as('p'))
              .where('client_id', '=', c.id)
              .executeTakeFirstOrThrow();
            const reste = Number(du.m ?? 0) - Number(du.p ?? 0);
            const montant = Math.ceil((reste * op.part) / 4);
            if (montant > 0)
              expect(
                (await post(`/clients/${c.id}/reglements`, { mode: 'especes', montant })).status,
              ).toBe(201);
          } else if (op.kind === 'retour' && ventes.length) {
            const v = ventes[op.pick % ventes.length]!;
            const r = await post(`/ventes/${v.id}/retours`, {
              lignes: [{ ligneId: v.ligneId, quantite: 1000 }],
              mode: 'avoir',
            });
            expect([201, 409, 422]).toContain(r.status);
            if (r.status === 201) seen.add('retour');
          } else if (op.kind === 'avoir') {
            const lignes = await db()
              .selectFrom('facture_lignes as l')
              .innerJoin('factures as f', 'f.id', 'l.facture_id')
              .select(['l.id', 'l.facture_id'])
              .where('f.service_id', '=', w.world.shopA.id)
              .whereRef('l.quantite_creditee', '<', 'l.quantite')
              .orderBy('l.id', 'desc')
              .execute();
            // One of the three newest lines: their invoices are the likeliest still open.
            const l = lignes[op.pick % Math.max(1, Math.min(3, lignes.length))];
            if (l) {
              const r = await post(`/factures/${l.facture_id}/avoirs`, {
                lignes: [{ ligneId: l.id, quantite: 1000 }],
                motif: 'Geste commercial',
                ...(op.retour ? { retour: { mode: 'avoir' } } : {}),
              });
              expect([201, 409, 422]).toContain(r.status);
              if (r.status === 201) seen.add(op.retour ? 'avoir avec retour' : 'avoir commercial');
            }
          } else if (op.kind === 'jours') {
            server.clock.advance(op.jours * 24 * 3600 * 1000);
            // Access tokens last 15 minutes of the server's clock: sign in again.
            w.tokens.ownerA.token = (await login(client, w.world.ownerA.email)).token;
          }
          await check(`run ${run}, étape ${n + 1} (${op.kind})`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The histories went through every status and wrote every kind of document.
    expect([...seen].sort()).toEqual([
      'avoir avec retour',
      'avoir commercial',
      'en_retard',
      'impayee',
      'partiellement_payee',
      'payee',
      'retour',
    ]);
  });
});
