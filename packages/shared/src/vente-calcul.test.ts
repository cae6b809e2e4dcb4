import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calculerVente,
  monnaieARendre,
  montantRemise,
  montantRetour,
  repartir,
  ventilerTva,
} from './vente-calcul.js';

describe('calcul d’une vente', () => {
  it('prix TTC en FCFA : la TVA est extraite du prix, sans décimales', () => {
    const v = calculerVente([{ prixUnitaire: 1180, quantite: 3000, tauxTva: 1800 }], null, {
      assujettiTva: true,
      prixTtc: true,
    });
    expect(v.totalTtc).toBe(3540);
    expect(v.totalTva).toBe(540);
    expect(v.totalHt).toBe(3000);
  });

  it('prix HT en euros : la TVA s’ajoute, arrondie par ligne', () => {
    const v = calculerVente(
      [
        { prixUnitaire: 999, quantite: 1000, tauxTva: 2000 },
        { prixUnitaire: 333, quantite: 1500, tauxTva: 550 },
      ],
      null,
      { assujettiTva: true, prixTtc: false },
    );
    expect(v.lignes.map((l) => l.montantHt)).toEqual([999, 500]);
    expect(v.lignes.map((l) => l.montantTva)).toEqual([200, 28]);
    expect(v.totalTtc).toBe(999 + 200 + 500 + 28);
    expect(v.tva).toEqual([
      { tauxTva: 550, baseHt: 500, montantTva: 28, montantTtc: 528 },
      { tauxTva: 2000, baseHt: 999, montantTva: 200, montantTtc: 1199 },
    ]);
  });

  it('une boutique non assujettie ne facture aucune TVA', () => {
    const v = calculerVente([{ prixUnitaire: 1000, quantite: 1000, tauxTva: 1800 }], null, {
      assujettiTva: false,
      prixTtc: true,
    });
    expect(v.totalTva).toBe(0);
    expect(v.lignes[0]!.tauxTva).toBe(0);
  });

  it('remises de ligne et remise globale répartie exactement', () => {
    const v = calculerVente(
      [
        {
          prixUnitaire: 1000,
          quantite: 1000,
          tauxTva: 0,
          remise: { type: 'pourcent', valeur: 1000 },
        },
        {
          prixUnitaire: 500,
          quantite: 2000,
          tauxTva: 0,
          remise: { type: 'montant', valeur: 5000 },
        },
        { prixUnitaire: 700, quantite: 1000, tauxTva: 0 },
      ],
      { type: 'montant', valeur: 100 },
      { assujettiTva: true, prixTtc: true },
    );
    expect(v.lignes.map((l) => l.remiseLigne)).toEqual([100, 1000, 0]);
    expect(v.lignes.reduce((a, l) => a + l.remiseGlobale, 0)).toBe(100);
    expect(v.totalTtc).toBe(900 + 0 + 700 - 100);
    expect(v.totalRemises).toBe(1200);
  });

  it('répartit sans perte ni excès', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 50 }),
        (total, weights) => {
          const parts = repartir(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum === 0) return parts.every((p) => p === 0);
          return parts.reduce((a, b) => a + b, 0) === total && parts.every((p) => p >= 0);
        },
      ),
    );
  });

  // Exact rational bounds checked in bigint, independently of the code's rounding: each line's VAT
  // is its rate applied to the line's amount, to within half a unit.
  it('la TVA de chaque ligne est son taux appliqué au montant, à une demi-unité près', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            prixUnitaire: fc.integer({ min: 0, max: 1e7 }),
            quantite: fc.integer({ min: 1, max: 1e6 }),
            tauxTva: fc.constantFrom(0, 550, 1000, 1800, 2000),
          }),
          { minLength: 1, maxLength: 100 },
        ),
        fc.integer({ min: 0, max: 10000 }),
        fc.boolean(),
        (lignes, pourcent, prixTtc) => {
          const v = calculerVente(
            lignes,
            { type: 'pourcent', valeur: pourcent },
            { assujettiTva: true, prixTtc },
          );
          return v.lignes.every((l, i) => {
            const taux = BigInt(lignes[i]!.tauxTva);
            const tva = BigInt(l.montantTva);
            // TTC prices: VAT = TTC × t / (1 + t); HT prices: VAT = HT × t.
            const [base, denominateur] = prixTtc
              ? [BigInt(l.montantTtc), 10000n + taux]
              : [BigInt(l.montantHt), 10000n];
            const ecart = tva * denominateur - base * taux;
            return 2n * (ecart < 0n ? -ecart : ecart) <= denominateur && l.montantTtc >= 0;
          });
        },
      ),
    );
  });

  it('les retours successifs d’une ligne suivent le prorata des quantités, à une unité près', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 10 }),
        (ttc, parts) => {
          const vendue = parts.reduce((a, b) => a + b, 0);
          let deja = 0;
          let total = 0;
          for (const q of parts) {
            total += montantRetour(ttc, vendue, deja, q);
            deja += q;
            // After each return, the amount refunded so far is ttc × deja / vendue to within 1.
            const ecart = BigInt(total) * BigInt(vendue) - BigInt(ttc) * BigInt(deja);
            if ((ecart < 0n ? -ecart : ecart) >= BigInt(vendue)) return false;
          }
          return total === ttc;
        },
      ),
    );
  });

  it('monnaie et remises bornées', () => {
    expect(monnaieARendre(10000, 7350)).toEqual({ applique: 7350, rendu: 2650 });
    expect(monnaieARendre(5000, 7350)).toEqual({ applique: 5000, rendu: 0 });
    expect(montantRemise(100, { type: 'montant', valeur: 500 })).toBe(100);
    expect(ventilerTva(118, 1800, true)).toEqual([100, 18, 118]);
  });
});
