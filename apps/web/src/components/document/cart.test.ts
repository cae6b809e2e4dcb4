import { calculerVente } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_CART, cartReducer, prixUnitaire, totaux, type Cart } from './cart';
import { nutella, riz } from './cart.fixtures';
import { dayPlus } from './payment';

const run = (...actions: Parameters<typeof cartReducer>[1][]): Cart =>
  actions.reduce(cartReducer, EMPTY_CART);

describe('cart (lines of a document being entered)', () => {
  it('adds a line, increments it on a second scan, steps and removes', () => {
    let cart = run(
      { type: 'add', produit: nutella },
      { type: 'add', produit: riz },
      { type: 'add', produit: nutella },
    );
    expect(cart.lignes.map((l) => [l.produit.id, l.quantite])).toEqual([
      [1, 2000],
      [3, 1000],
    ]);
    expect(cart.derniere).toBe(1);
    cart = cartReducer(cart, { type: 'step', produitId: 3, delta: -1 });
    expect(cart.lignes).toHaveLength(1);
    cart = cartReducer(cart, { type: 'remove', produitId: 1 });
    expect(cart.lignes).toEqual([]);
    expect(cart.derniere).toBeNull();
  });

  it('keeps fractional quantities only for fractional units', () => {
    const cart = run(
      { type: 'add', produit: nutella },
      { type: 'add', produit: riz },
      { type: 'quantite', produitId: 1, quantite: 2500 },
      { type: 'quantite', produitId: 3, quantite: 1250 },
    );
    expect(cart.lignes.map((l) => l.quantite)).toEqual([3000, 1250]);
  });

  it('prices the whole cart with the sale type (wholesale falls back to retail) exactly as calculerVente', () => {
    const cart = run(
      { type: 'add', produit: nutella, quantite: 3000 },
      { type: 'add', produit: riz, quantite: 1500 },
      { type: 'remise', produitId: 1, remise: { type: 'pourcent', valeur: 1000 } },
      { type: 'remiseGlobale', remise: { type: 'montant', valeur: 100 } },
    );
    const regles = { assujettiTva: true, prixTtc: true };
    expect(prixUnitaire(riz, 'gros')).toBe(600);
    const detail = totaux(cart, 'detail', regles);
    const gros = totaux(cart, 'gros', regles);
    expect(detail.totalTtc).toBe(8250 - 825 + 900 - 100);
    expect(gros.totalTtc).toBe(7500 - 750 + 900 - 100);
    expect(detail).toEqual(
      calculerVente(
        [
          {
            prixUnitaire: 2750,
            quantite: 3000,
            tauxTva: 1800,
            remise: { type: 'pourcent', valeur: 1000 },
          },
          { prixUnitaire: 600, quantite: 1500, tauxTva: 0, remise: null },
        ],
        { type: 'montant', valeur: 100 },
        regles,
      ),
    );
  });

  it('dates the due day in local time', () => {
    expect(dayPlus(30, new Date(2026, 0, 15, 23, 30))).toBe('2026-02-14');
  });
});
