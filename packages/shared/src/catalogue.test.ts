import { describe, expect, it } from 'vitest';
import {
  barcodeError,
  eanCheckDigit,
  gtinZeroPaddings,
  inStoreEan13,
  isCode128Text,
  isInStoreEan13,
  isValidEan13,
  isValidEan8,
  randomInStoreEan13,
} from './barcode.js';
import { normalizePhone } from './phone.js';
import { searchKey } from './search.js';
import { produitCreateSchema } from './schemas/produits.js';
import { ajustementInputSchema } from './schemas/stock.js';

describe('codes-barres', () => {
  it('calcule la clé EAN', () => {
    expect(eanCheckDigit('301762042200')).toBe(3);
    expect(eanCheckDigit('9638507')).toBe(4);
  });

  it('vérifie les EAN-13 et EAN-8', () => {
    expect(isValidEan13('3017620422003')).toBe(true);
    expect(isValidEan13('3017620422004')).toBe(false);
    expect(isValidEan13('301762042200')).toBe(false);
    expect(isValidEan8('96385074')).toBe(true);
    expect(isValidEan8('96385075')).toBe(false);
  });

  it('accepte le texte Code 128 et refuse le reste', () => {
    expect(isCode128Text('ABC-123/x')).toBe(true);
    expect(isCode128Text('Café')).toBe(false);
    expect(isCode128Text('')).toBe(false);
    expect(barcodeError('ABC-123')).toBeNull();
    expect(barcodeError('3017620422003')).toBeNull();
    expect(barcodeError('3017620422004')).toMatch(/clé de contrôle.*EAN-13.*3/);
    expect(barcodeError('96385075')).toMatch(/EAN-8/);
    expect(barcodeError('é')).toMatch(/Code 128/);
    expect(barcodeError('x'.repeat(49))).toMatch(/48 caractères/);
  });

  it('génère des EAN-13 internes (préfixes 20 à 29)', () => {
    expect(inStoreEan13(0, 1)).toBe(`200000000001${eanCheckDigit('200000000001')}`);
    for (let i = 0; i < 200; i++) {
      const code = randomInStoreEan13();
      expect(isInStoreEan13(code)).toBe(true);
      expect(Number(code.slice(0, 2))).toBeGreaterThanOrEqual(20);
      expect(Number(code.slice(0, 2))).toBeLessThanOrEqual(29);
    }
    expect(randomInStoreEan13(() => 0.999999999999)).toMatch(/^29\d{11}$/);
    expect(() => inStoreEan13(10, 1)).toThrow();
    expect(() => inStoreEan13(0, 1e10)).toThrow();
    expect(isInStoreEan13('3017620422003')).toBe(false);
  });

  it('rend les formes GTIN d’un code de chiffres qui a perdu ses zéros de tête', () => {
    expect(gtinZeroPaddings('12345678905')).toEqual([
      '012345678905',
      '0012345678905',
      '00012345678905',
    ]);
    expect(gtinZeroPaddings('9638507')).toEqual([
      '09638507',
      '000009638507',
      '0000009638507',
      '00000009638507',
    ]);
    expect(gtinZeroPaddings('12345678901234')).toEqual([]);
    expect(gtinZeroPaddings('RIZ-5')).toEqual([]);
    expect(gtinZeroPaddings('')).toEqual([]);
  });
});

describe('clé de recherche', () => {
  it('ignore accents, casse et espaces multiples', () => {
    expect(searchKey('Café  Crème')).toBe('cafe creme');
    expect(searchKey('ŒUF Élevé')).toBe('oeuf eleve');
    expect(searchKey('Ça coûte')).toBe('ca coute');
  });
});

describe('téléphones', () => {
  it('normalise en E.164 avec le pays de la boutique', () => {
    expect(normalizePhone('77 123 45 67', 'SN')).toBe('+221771234567');
    expect(normalizePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(normalizePhone('+33 6 12 34 56 78', 'SN')).toBe('+33612345678');
    expect(normalizePhone('12', 'FR')).toBeNull();
    expect(normalizePhone('06 12 34 56 78', null)).toBeNull();
  });
});

describe('schémas du catalogue', () => {
  it('valide un produit', () => {
    const ok = produitCreateSchema.safeParse({
      nom: ' Nutella ',
      uniteId: 1,
      prixVente: 2500,
      codeBarres: '',
    });
    expect(ok.success && ok.data).toMatchObject({
      nom: 'Nutella',
      codeBarres: null,
      prixAchat: 0,
      stockInitial: 0,
      actif: true,
      reference: null,
    });
    const bad = produitCreateSchema.safeParse({
      nom: 'X',
      uniteId: 1,
      prixVente: 1.5,
      codeBarres: '3017620422004',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'codeBarres',
      'prixVente',
    ]);
  });

  it('refuse un ajustement nul ou sans motif', () => {
    expect(ajustementInputSchema.safeParse({ quantite: 0, motif: 'casse' }).success).toBe(false);
    expect(ajustementInputSchema.safeParse({ quantite: -1000, motif: ' ' }).success).toBe(false);
    expect(ajustementInputSchema.safeParse({ quantite: -1000, motif: 'Casse' }).success).toBe(true);
  });
});
