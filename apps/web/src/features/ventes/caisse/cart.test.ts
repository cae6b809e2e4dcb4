import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_CART, cartReducer, type Cart } from '../../../components/document/cart';
import { nutella, riz } from '../../../components/document/cart.fixtures';
import { cartStorageKey, loadCart, looksLikeBarcode, saveCart, venteBody } from './cart';

const run = (...actions: Parameters<typeof cartReducer>[1][]): Cart =>
  actions.reduce(cartReducer, EMPTY_CART);

describe('point of sale cart', () => {
  afterEach(() => localStorage.clear());

  it('builds the request body; a zero discount is no discount', () => {
    const cart = run(
      { type: 'typeVente', typeVenteId: 2 },
      { type: 'add', produit: riz },
      { type: 'remise', produitId: 3, remise: { type: 'pourcent', valeur: 0 } },
      { type: 'client', client: { id: 9, nom: 'Awa', telephone: null } },
    );
    expect(venteBody(cart, 'cle-123456', 600, [], '2026-12-21')).toEqual({
      cleIdempotence: 'cle-123456',
      typeVenteId: 2,
      clientId: 9,
      lignes: [{ produitId: 3, quantite: 1000, remise: null }],
      remiseGlobale: null,
      paiements: [],
      echeance: '2026-12-21',
    });
  });

  it('persists per shop with its idempotency key, and a new sale keeps only the sale type', () => {
    const cart = run(
      { type: 'typeVente', typeVenteId: 1 },
      { type: 'add', produit: nutella },
      { type: 'cle', cle: 'abc-12345678' },
    );
    saveCart(5, cart);
    expect(loadCart(5)).toEqual(cart);
    expect(loadCart(6)).toEqual(EMPTY_CART);
    const fresh = cartReducer(cart, { type: 'reset' });
    expect(fresh).toEqual({ ...EMPTY_CART, typeVenteId: 1 });
    saveCart(5, { ...EMPTY_CART });
    expect(localStorage.getItem(cartStorageKey(5))).toBeNull();
    localStorage.setItem(cartStorageKey(5), '{not json');
    expect(loadCart(5)).toEqual(EMPTY_CART);
  });

  it('tells barcodes from names', () => {
    expect(looksLikeBarcode('3017620422003')).toBe(true);
    expect(looksLikeBarcode('12345')).toBe(false);
    expect(looksLikeBarcode('riz 5')).toBe(false);
  });
});
