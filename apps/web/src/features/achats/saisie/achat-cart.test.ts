import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_CART, cartReducer, type Cart } from '../../../components/document/cart';
import { nutella, riz } from '../../../components/document/cart.fixtures';
import { achatBody, enteteVide, useAchatFigures } from './achat-cart';
import { achatErrors } from './achat-errors';

const run = (...actions: Parameters<typeof cartReducer>[1][]): Cart =>
  actions.reduce(cartReducer, EMPTY_CART);

const huile = { ...riz, id: -1, nom: 'Huile 1 L', uniteSymbole: 'pce', fractionnable: false };

describe('a purchase being entered', () => {
  // Nutella: 10 at 2 000 (last cost proposed, then typed 2 100); rice 2,5 kg at 700; oil to create.
  const cart = run(
    { type: 'add', produit: nutella, quantite: 10_000, prix: 2000 },
    { type: 'prix', produitId: nutella.id, prix: 2100 },
    { type: 'add', produit: riz, quantite: 2500, prix: 700 },
    { type: 'add', produit: huile, quantite: 4000, prix: 1250 },
  );
  const entete = {
    ...enteteVide('2026-11-24'),
    fournisseur: { id: 7, nom: 'Grossiste', telephone: null },
    frais: { transport: 1000, douane: 0, manutention: 1 },
    nouveaux: { [-1]: { nom: 'Huile 1 L', codeBarres: null, uniteId: 2, prixVente: 1500 } },
  };

  it('shows each line at its typed cost and spreads the extra costs by value', () => {
    const { result } = renderHook(() => useAchatFigures(cart, entete.frais));
    const { figures, calc } = result.current;
    expect(figures.lignes.map(figures.prixDe)).toEqual([2100, 700, 1250]);
    expect(figures.calc.lignes.map((l) => l.montantBrut)).toEqual([21_000, 1750, 5000]);
    expect(calc.totalMarchandises).toBe(27_750);
    // 1 001 spread over 21 000 / 1 750 / 5 000 by largest remainder: the shares add up exactly.
    expect(calc.lignes.map((l) => l.frais)).toEqual([758, 63, 180]);
    expect(calc.total).toBe(28_751);
  });

  it('sends existing products by id and describes the one to create', () => {
    expect(achatBody(entete, cart).lignes).toEqual([
      { produitId: 1, nouveauProduit: null, quantite: 10_000, prixUnitaire: 2100, remise: null },
      { produitId: 3, nouveauProduit: null, quantite: 2500, prixUnitaire: 700, remise: null },
      {
        produitId: null,
        nouveauProduit: { nom: 'Huile 1 L', codeBarres: null, uniteId: 2, prixVente: 1500 },
        quantite: 4000,
        prixUnitaire: 1250,
        remise: null,
      },
    ]);
  });

  it('applies the supplier’s discounts as on a sale, then the extra costs on the net lines, and sends them', () => {
    const remise = run(
      { type: 'add', produit: nutella, quantite: 10_000, prix: 2000 },
      { type: 'add', produit: riz, quantite: 2000, prix: 500 },
      { type: 'remise', produitId: nutella.id, remise: { type: 'pourcent', valeur: 1000 } },
      { type: 'remiseGlobale', remise: { type: 'montant', valeur: 1900 } },
    );
    const frais = { transport: 190, douane: 0, manutention: 0 };
    const { result } = renderHook(() => useAchatFigures(remise, frais));
    const { figures, calc } = result.current;
    // Nutella 20 000 − 10 % = 18 000, rice 1 000; 1 900 off shared 18 : 1 → 1 800 and 100.
    expect(figures.calc.lignes.map((l) => l.montantBrut - l.remiseLigne)).toEqual([18_000, 1000]);
    expect(calc.lignes.map((l) => [l.montant, l.frais])).toEqual([
      [16_200, 180],
      [900, 10],
    ]);
    expect([calc.totalBrut, calc.totalRemises, calc.total]).toEqual([21_000, 3900, 17_290]);
    const body = achatBody({ ...entete, nouveaux: {} }, remise);
    expect(body.remiseGlobale).toEqual({ type: 'montant', valeur: 1900 });
    expect(body.lignes.map((l) => l.remise)).toEqual([{ type: 'pourcent', valeur: 1000 }, null]);
  });

  it('says in French what blocks it before sending', () => {
    expect(achatErrors(enteteVide('2026-11-24'), EMPTY_CART, null)).toMatchObject({
      fournisseurId: 'Choisissez le fournisseur.',
      lignes: 'Un achat compte au moins une ligne.',
    });
    expect(achatErrors(entete, cart, null)).toEqual({});
  });
});
