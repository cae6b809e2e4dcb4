import { calculerVente } from '@comptoir/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMPTY_CART,
  cartReducer,
  cartStorageKey,
  loadCart,
  looksLikeBarcode,
  prixUnitaire,
  saveCart,
  totaux,
  venteBody,
  type Cart,
  type CartProduct,
} from './cart';
import { dayPlus, resumePaiements, type PaymentDraft } from './payment';

const nutella: CartProduct = {
  id: 1,
  nom: 'Nutella 400 g',
  codeBarres: '3017620422003',
  prixVente: 2750,
  prixGros: 2500,
  tauxTva: 1800,
  uniteSymbole: 'pce',
  fractionnable: false,
  image: null,
};
const riz: CartProduct = {
  id: 3,
  nom: 'Riz parfumé',
  codeBarres: '2000000000039',
  prixVente: 600,
  prixGros: null,
  tauxTva: 0,
  uniteSymbole: 'kg',
  fractionnable: true,
  image: null,
};

const run = (...actions: Parameters<typeof cartReducer>[1][]): Cart =>
  actions.reduce(cartReducer, EMPTY_CART);

describe('cart', () => {
  afterEach(() => localStorage.clear());

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

  it('builds the request body; a zero discount is no discount', () => {
    const cart = run(
      { type: 'typeVente', typeVenteId: 2 },
      { type: 'add', produit: riz },
      { type: 'remise', produitId: 3, remise: { type: 'pourcent', valeur: 0 } },
      { type: 'client', client: { id: 9, nom: 'Awa', telephone: null } },
    );
    expect(venteBody(cart, 'cle-123456', [], '2026-12-21')).toEqual({
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

const d = (p: Partial<PaymentDraft> & Pick<PaymentDraft, 'mode'>): PaymentDraft => ({
  key: 0,
  montant: null,
  recu: null,
  operateur: '',
  reference: '',
  ...p,
});

describe('payments', () => {
  it('applies non-cash first, then cash with the change', () => {
    const s = resumePaiements(5550, [
      d({ mode: 'especes', recu: 5000 }),
      d({ mode: 'mobile_money', montant: 2000, operateur: 'Wave', reference: 'TX1' }),
    ]);
    expect(s.paiements).toEqual([
      { mode: 'mobile_money', montant: 2000, recu: null, operateur: 'Wave', reference: 'TX1' },
      { mode: 'especes', montant: 3550, recu: 5000, operateur: null, reference: null },
    ]);
    expect(s).toMatchObject({ paye: 5550, reste: 0, rendu: 1450, erreur: null });
  });

  it('leaves the unpaid rest, refuses overpayment by non-cash and mobile money without operator', () => {
    expect(resumePaiements(5000, [d({ mode: 'carte', montant: 2000 })])).toMatchObject({
      paye: 2000,
      reste: 3000,
      rendu: 0,
      erreur: null,
    });
    expect(resumePaiements(5000, [d({ mode: 'carte', montant: 6000 })]).erreur).toBe(
      'Les paiements dépassent le total de la vente.',
    );
    expect(resumePaiements(5000, [d({ mode: 'mobile_money', montant: 1000 })]).erreur).toBe(
      "L'opérateur de mobile money est obligatoire.",
    );
    expect(resumePaiements(5000, [d({ mode: 'especes' })])).toMatchObject({
      paiements: [],
      paye: 0,
      reste: 5000,
    });
  });

  it('dates the due day in local time', () => {
    expect(dayPlus(30, new Date(2026, 0, 15, 23, 30))).toBe('2026-02-14');
  });
});
