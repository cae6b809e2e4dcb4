import { describe, expect, it } from 'vitest';
import { calculerVente, montantRemise, montantRetour, repartir } from './vente-calcul.js';

// Expected values are worked out by hand in the comments, never by the functions under test.

describe('répartition d’une remise globale (plus forts restes)', () => {
  it('le reste va aux plus fortes parts fractionnaires, pas aux plus gros poids', () => {
    // 5 × 2/7 = 1,43 ; 5 × 3/7 = 2,14 ; 5 × 2/7 = 1,43 → 1 + 2 + 1 = 4, reste 1 : à la première
    // des fractions 0,43 (la ligne de poids 3 n'a que 0,14).
    expect(repartir(5, [2, 3, 2])).toEqual([2, 2, 1]);
    // 10 × 1/6 = 1,67 ; 10 × 5/6 = 8,33 → 1 + 8 = 9, reste 1 à la fraction 0,67.
    expect(repartir(10, [1, 5])).toEqual([2, 8]);
  });

  it('rien à répartir, ou que des poids nuls (lignes offertes) : des zéros, jamais une division par zéro', () => {
    expect(repartir(0, [3, 5])).toEqual([0, 0]);
    expect(repartir(7, [0, 0])).toEqual([0, 0]);
    expect(repartir(7, [])).toEqual([]);
  });

  it('à parts fractionnaires égales, le reste va aux premières lignes', () => {
    expect(repartir(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(repartir(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(repartir(2, [3, 1, 1, 1])).toEqual([1, 1, 0, 0]); // 2 × 3/6 = 1 juste ; 0,33 trois fois
    expect(repartir(7, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
  });

  it('rien à répartir, ou des poids nuls : aucune part', () => {
    expect(repartir(100, [0, 0])).toEqual([0, 0]);
    expect(repartir(0, [3, 4])).toEqual([0, 0]);
    expect(repartir(100, [])).toEqual([]);
  });
});

describe('remise portée par un montant', () => {
  it('un montant nul ou négatif ne porte aucune remise', () => {
    expect(montantRemise(-500, { type: 'pourcent', valeur: -1000 })).toBe(0);
    expect(montantRemise(-500, { type: 'montant', valeur: 100 })).toBe(0);
    expect(montantRemise(0, { type: 'pourcent', valeur: 5000 })).toBe(0);
  });
});

describe('totaux d’une vente', () => {
  it('le total brut est la somme des lignes avant remises', () => {
    // 2 × 1 500 = 3 000 ; 0,5 × 999 = 499,5 → 500 ; remise de ligne 10 % de 3 000 = 300.
    const v = calculerVente(
      [
        {
          prixUnitaire: 1500,
          quantite: 2000,
          tauxTva: 0,
          remise: { type: 'pourcent', valeur: 1000 },
        },
        { prixUnitaire: 999, quantite: 500, tauxTva: 0 },
      ],
      { type: 'montant', valeur: 200 },
      { assujettiTva: false, prixTtc: true },
    );
    expect(v.totalBrut).toBe(3500);
    expect(v.lignes.map((l) => l.montantBrut)).toEqual([3000, 500]);
    // Nets 2 700 et 500 ; 200 répartis : 200 × 2700/3200 = 168,75 → 168 + 1 ; 31,25 → 31.
    expect(v.lignes.map((l) => l.remiseGlobale)).toEqual([169, 31]);
    expect(v.totalRemises).toBe(500);
    expect(v.totalTtc).toBe(3000);
  });
});

describe('montant d’un retour', () => {
  it('une quantité nulle ou négative ne vaut rien', () => {
    expect(montantRetour(1000, 3000, 1000, 0)).toBe(0);
    expect(montantRetour(1000, 3000, 1000, -1000)).toBe(0);
  });

  it('les retours successifs se partagent la ligne, le dernier prend le reste', () => {
    // Ligne de 1 000 pour 3 unités : 333,33 → 333 ; 666,67 → 667 ; reste 333.
    expect(montantRetour(1000, 3000, 0, 1000)).toBe(333);
    expect(montantRetour(1000, 3000, 1000, 1000)).toBe(334);
    expect(montantRetour(1000, 3000, 2000, 1000)).toBe(333);
  });

  it('au-delà de ce qui reste à retourner, le retour vaut le reste de la ligne, jamais plus', () => {
    // Deux unités déjà rendues (667) : le reste vaut 333, même pour 5 unités demandées.
    expect(montantRetour(1000, 3000, 2000, 5000)).toBe(333);
    expect(montantRetour(1000, 3000, 0, 4000)).toBe(1000);
  });
});
