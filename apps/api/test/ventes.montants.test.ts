import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@comptoir/shared';
import { TEST_DIALECT } from './support/database.js';
import { createService, createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { nouveauProduit, panier, referentiels } from './ventes.fixtures.js';

/** Rounding half away from zero of n / d, in bigint: the reference of this test, written apart from calculerVente. */
const div = (n: bigint, d: bigint): bigint => {
  const neg = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return neg ? -q : q;
};

interface Line {
  prix: bigint;
  qte: bigint;
  taux: bigint;
  remise: { type: 'montant' | 'pourcent'; valeur: number } | null;
}

/** Expected amounts of a cart: per line gross, discounts, global discount spread by largest remainder, VAT. */
function attendu(
  lines: Line[],
  globale: { type: 'montant' | 'pourcent'; valeur: number },
  prixTtc: boolean,
) {
  const bruts = lines.map((l) => div(l.prix * l.qte, 1000n));
  const remises = lines.map((l, i) => {
    if (!l.remise) return 0n;
    return l.remise.type === 'montant'
      ? BigInt(l.remise.valeur) < bruts[i]!
        ? BigInt(l.remise.valeur)
        : bruts[i]!
      : div(bruts[i]! * BigInt(l.remise.valeur), 10000n);
  });
  const nets = bruts.map((b, i) => b - remises[i]!);
  const totalNet = nets.reduce((a, b) => a + b, 0n);
  const g =
    globale.type === 'montant'
      ? BigInt(globale.valeur) < totalNet
        ? BigInt(globale.valeur)
        : totalNet
      : div(totalNet * BigInt(globale.valeur), 10000n);
  // Largest remainder: floor shares, then one more unit to the largest remainders (first line on ties).
  const floors = nets.map((n) => (g * n) / totalNet);
  let left = g - floors.reduce((a, b) => a + b, 0n);
  const order = nets
    .map((n, i) => ({ i, r: g * n - floors[i]! * totalNet }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const parts = [...floors];
  for (const { i } of order) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return lines.map((l, i) => {
    const montant = nets[i]! - parts[i]!;
    const tva =
      l.taux === 0n
        ? 0n
        : prixTtc
          ? div(montant * l.taux, 10000n + l.taux)
          : div(montant * l.taux, 10000n);
    const [ht, ttc] = prixTtc ? [montant - tva, montant] : [montant, montant + tva];
    return {
      montantBrut: bruts[i]!,
      remiseLigne: remises[i]!,
      remiseGlobale: parts[i]!,
      montantHt: ht,
      montantTva: tva,
      montantTtc: ttc,
    };
  });
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe(`ventes : montants exacts (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let auth: { token: string };
  let ref: Awaited<ReturnType<typeof referentiels>>;

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    auth = { token: (await login(client, world.ownerA.email)).token };
    ref = await referentiels(server.ctx);
  });
  afterAll(() => server.close());

  for (const [devise, prixTtc, seed] of [
    ['EUR', false, 7],
    ['EUR', true, 11],
    ['XOF', true, 13],
    ['XOF', false, 17],
  ] as const) {
    it(`${devise}, prix ${prixTtc ? 'TTC' : 'HT'} : panier de 100 lignes, remises, plusieurs taux de TVA — au centime (ou au franc) près`, async () => {
      const shop = await createService(server.ctx, world.ownerA.id, {
        nom: `Boutique ${devise} ${prixTtc}`,
        devise,
      });
      await server.ctx.database.db
        .updateTable('services')
        .set({ assujetti_tva: 1, prix_ttc: prixTtc ? 1 : 0 })
        .where('id', '=', shop.id)
        .execute();
      const rnd = random(seed);
      const taux = [0, 550, 1000, 2000, 1800, 210];
      const lines: Line[] = [];
      const input = [];
      for (let i = 0; i < 100; i++) {
        const kg = rnd() < 0.4;
        const prix = 1 + Math.floor(rnd() * (devise === 'EUR' ? 99_999 : 250_000));
        const tauxTva = taux[Math.floor(rnd() * taux.length)]!;
        const produitId = await nouveauProduit(client, auth, shop.id, {
          nom: `Article ${i}`,
          uniteId: kg ? ref.kg : ref.piece,
          prixVente: prix,
          tauxTva,
          stockInitial: 1_000_000,
        });
        const quantite = kg ? 1 + Math.floor(rnd() * 25_000) : 1000 * (1 + Math.floor(rnd() * 12));
        const r = rnd();
        const remise =
          r < 0.3
            ? { type: 'pourcent' as const, valeur: 1 + Math.floor(rnd() * 3333) }
            : r < 0.5
              ? { type: 'montant' as const, valeur: 1 + Math.floor(rnd() * 5000) }
              : null;
        lines.push({ prix: BigInt(prix), qte: BigInt(quantite), taux: BigInt(tauxTva), remise });
        input.push({ produitId, quantite, remise });
      }
      const globale = { type: 'pourcent' as const, valeur: 737 };
      const expected = attendu(lines, globale, prixTtc);
      const totalTtc = expected.reduce((a, l) => a + l.montantTtc, 0n);
      const answer = await client.post(
        `/api/services/${shop.id}/ventes`,
        panier(ref.detail, input, {
          remiseGlobale: globale,
          paiements: [{ mode: 'virement', montant: Number(totalTtc) }],
        }),
        auth,
      );
      expect(answer.status).toBe(201);
      const v = answer.body;
      expect(
        v.lignes.map((l: any) => ({
          montantBrut: BigInt(l.montantBrut),
          remiseLigne: BigInt(l.remiseLigne),
          remiseGlobale: BigInt(l.remiseGlobale),
          montantHt: BigInt(l.montantHt),
          montantTva: BigInt(l.montantTva),
          montantTtc: BigInt(l.montantTtc),
        })),
      ).toEqual(expected);
      const sum = (k: keyof (typeof expected)[number]) =>
        Number(expected.reduce((a, l) => a + l[k], 0n));
      expect(v).toMatchObject({
        totalBrut: sum('montantBrut'),
        totalHt: sum('montantHt'),
        totalTva: sum('montantTva'),
        totalTtc: sum('montantTtc'),
        montantRemiseGlobale: sum('remiseGlobale'),
      });
      expect(v.totalRemises).toBe(sum('remiseLigne') + sum('remiseGlobale'));
      expect(v.totalHt + v.totalTva).toBe(v.totalTtc);
      expect(v.tva.reduce((a: number, r: any) => a + r.montantTva, 0)).toBe(v.totalTva);
      expect(v.tva.map((r: any) => r.tauxTva)).toEqual(
        [...new Set(lines.map((l) => Number(l.taux)))].sort((a, b) => a - b),
      );
      expect(v).toMatchObject({ statut: 'payee', reste: 0, dette: null });
      // Every amount is a whole number of minor units; in FCFA none is written with decimals.
      const amounts = [
        v.totalBrut,
        v.totalHt,
        v.totalTva,
        v.totalTtc,
        ...v.lignes.flatMap((l: any) => [l.montantHt, l.montantTva, l.montantTtc]),
      ];
      for (const a of amounts) expect(Number.isSafeInteger(a)).toBe(true);
      if (devise === 'XOF') for (const a of amounts) expect(formatMoney(a, 'XOF')).not.toMatch(/,/);
    });
  }
});
