import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloturesAutomatiques } from '../src/modules/journal/journal.housekeeping.js';
import { TEST_DIALECT } from './support/database.js';
import { createService, login } from './support/factories.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * After any sequence of sales (cash, card, mobile money, on credit), returns, repayments, manual
 * closures of any period and hours going by (the automatic closures at the shop's midnight), all
 * through the real API on a fresh shop per run: the grand totals of the last closure of each
 * kind equal the sums the test kept itself from the answers (sales minus returns, TTC) and the
 * document tables (HT, TVA); every event is counted by exactly one closure of each kind; the
 * money by mode over the day closures equals what the test paid, refunded and collected.
 */
const MODES = ['especes', 'carte', 'mobile_money'] as const;
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('vente' as const),
      lignes: fc.array(fc.record({ p: fc.nat({ max: 2 }), q: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      mode: fc.constantFrom(...MODES),
      credit: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retour' as const), vente: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reglement' as const),
      montant: fc.integer({ min: 1, max: 2000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cloture' as const),
      periode: fc.constantFrom('jour', 'mois', 'exercice'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('temps' as const),
      heures: fc.integer({ min: 1, max: 24 * 20 }),
    }),
  },
);

describe(`journal : grands totaux perpétuels des clôtures (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-03-30T08:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
  });
  afterAll(() => server.close());

  it('grand total = ventes − retours depuis le début, chaque opération dans une clôture de chaque sorte', async () => {
    const { db } = server.ctx.database;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const shop = (await createService(server.ctx, w.world.ownerA.id)).id;
        await db
          .updateTable('services')
          .set({ assujetti_tva: 1, prix_ttc: 1 })
          .where('id', '=', shop)
          .execute();
        const o = { shop };
        const url = w.shopUrl(shop);
        const produits = [
          await w.produit({ prix: 1000, stock: 1_000_000, shop }),
          await w.produit({ prix: 1090, stock: 1_000_000, tauxTva: 900, shop }),
          await w.produit({ prix: 1180, stock: 1_000_000, tauxTva: 1800, shop }),
        ];
        const client = await w.clientNamed('Awa Diallo', o);
        const ventes: Array<{ id: number; lignes: Array<{ id: number; reste: number }> }> = [];
        let ttc = 0;
        let dette = 0;
        let evenements = 0;
        const parMode = new Map<string, number>();
        const encaisse = (mode: string, m: number) => {
          parMode.set(mode, (parMode.get(mode) ?? 0) + m);
        };
        for (const x of ops) {
          if (x.kind === 'vente') {
            const lignes = x.lignes.map((l) => ({
              produitId: produits[l.p]!.id,
              quantite: l.q * 1000,
            }));
            const prix = x.lignes.reduce((s, l) => s + l.q * [1000, 1090, 1180][l.p]!, 0);
            const v = await w.vente(
              x.credit
                ? {
                    lignes,
                    paiements: [],
                    clientId: client.id,
                    echeance: localDay(30, server.clock),
                  }
                : {
                    lignes,
                    paiements: [
                      {
                        mode: x.mode,
                        montant: prix,
                        ...(x.mode === 'mobile_money' ? { operateur: 'Wave' } : {}),
                      },
                    ],
                  },
              o,
            );
            expect(v.totalTtc).toBe(prix);
            ventes.push({
              id: v.id,
              lignes: v.lignes.map((l: { id: number; quantite: number }) => ({
                id: l.id,
                reste: l.quantite,
              })),
            });
            ttc += prix;
            if (x.credit) dette += prix;
            else encaisse(x.mode, prix);
            evenements += 1;
          } else if (x.kind === 'retour') {
            const v = ventes[x.vente % Math.max(1, ventes.length)];
            const l = v?.lignes.find((k) => k.reste > 0);
            if (!v || !l) continue;
            const r = await server.client().post(
              `${url}/ventes/${v.id}/retours`,
              {
                cleIdempotence: newKey(),
                lignes: [{ ligneId: l.id, quantite: 1000 }],
                mode: 'remboursement',
                modeRemboursement: 'especes',
              },
              w.tokens.ownerA,
            );
            expect(r.status, JSON.stringify(r.body)).toBe(201);
            l.reste -= 1000;
            ttc -= r.body.montantTtc;
            dette -= r.body.imputeDette;
            encaisse('especes', -r.body.rembourse);
            evenements += 1;
          } else if (x.kind === 'reglement') {
            const montant = Math.min(x.montant, dette);
            if (montant <= 0) continue;
            const r = await server
              .client()
              .post(
                `${url}/clients/${client.id}/reglements`,
                { cleIdempotence: newKey(), montant, mode: 'especes' },
                w.tokens.ownerA,
              );
            expect(r.status, JSON.stringify(r.body)).toBe(201);
            dette -= montant;
            encaisse('especes', montant);
            evenements += 1;
          } else if (x.kind === 'cloture') {
            const r = await server
              .client()
              .post(`${url}/journal/clotures`, { periode: x.periode }, w.tokens.ownerA);
            expect(r.status, JSON.stringify(r.body)).toBe(201);
          } else {
            server.clock.advance(x.heures * 3600_000);
            w.tokens.ownerA.token = (await login(server.client(), w.world.ownerA.email)).token;
            await cloturesAutomatiques(server.ctx);
          }
        }
        for (const periode of ['jour', 'mois', 'exercice'])
          await server.client().post(`${url}/journal/clotures`, { periode }, w.tokens.ownerA);

        const docs = await db
          .selectFrom('ventes')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>('total_ht'), eb.lit(0)).as('ht'),
            eb.fn.coalesce(eb.fn.sum<number>('total_tva'), eb.lit(0)).as('tva'),
          ])
          .where('service_id', '=', shop)
          .executeTakeFirstOrThrow();
        const rets = await db
          .selectFrom('retours')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>('montant_ht'), eb.lit(0)).as('ht'),
            eb.fn.coalesce(eb.fn.sum<number>('montant_tva'), eb.lit(0)).as('tva'),
          ])
          .where('service_id', '=', shop)
          .executeTakeFirstOrThrow();
        const attendu = {
          ht: Number(docs.ht) - Number(rets.ht),
          tva: Number(docs.tva) - Number(rets.tva),
          ttc,
        };
        const toutes = (await server.client().get(`${url}/journal/clotures`, w.tokens.ownerA))
          .body as Array<{
          periode: string;
          evenements: number;
          total: { ttc: number };
          grandTotal: typeof attendu;
          paiements: Array<{ mode: string; montant: number }>;
        }>;
        for (const periode of ['jour', 'mois', 'exercice']) {
          const siennes = toutes.filter((c) => c.periode === periode);
          expect(siennes[0]!.grandTotal, periode).toEqual(attendu);
          expect(
            siennes.reduce((s, c) => s + c.evenements, 0),
            periode,
          ).toBe(evenements);
          expect(
            siennes.reduce((s, c) => s + c.total.ttc, 0),
            periode,
          ).toBe(ttc);
          const modes = new Map<string, number>();
          for (const c of siennes)
            for (const p of c.paiements) modes.set(p.mode, (modes.get(p.mode) ?? 0) + p.montant);
          const nonNuls = (m: Map<string, number>) =>
            Object.fromEntries([...m].filter(([, v]) => v !== 0));
          expect(nonNuls(modes), periode).toEqual(nonNuls(parMode));
        }
        const verification = await server
          .client()
          .get(`${url}/journal/verification`, w.tokens.ownerA);
        expect(verification.body.valide).toBe(true);
      }),
      { numRuns: 12, seed: 20261124 },
    );
  });
});
