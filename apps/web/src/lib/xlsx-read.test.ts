import { describe, expect, it } from 'vitest';
import { cellText, lireClasseur } from './xlsx-read';
import { buildXlsx } from './xlsx-write';

describe('lecture d’un classeur importé (le module du worker)', () => {
  it('writes a workbook (numbers as numbers) and reads it back as cell texts', async () => {
    const rows = [
      ['Nom', 'Code-barres', 'Prix de vente'],
      ['Café', '0012345678905', '1234,5'],
      ['Riz', '', '2500'],
    ];
    const data = await buildXlsx('Produits', rows, new Set([2]));
    expect(await lireClasseur(data)).toEqual([
      ['Nom', 'Code-barres', 'Prix de vente'],
      ['Café', '0012345678905', '1234.5'],
      ['Riz', '', '2500'],
    ]);
  });

  it('reads formulas by their result and rich text as plain text', () => {
    expect(cellText({ formula: 'A1*2', result: 42 })).toBe('42');
    expect(cellText({ richText: [{ text: 'Ca' }, { text: 'fé' }] })).toBe('Café');
    expect(cellText(null)).toBe('');
  });

  it('keeps the zeros a format of zeros shows, and reads booleans, dates and errors', () => {
    expect(cellText(12345678905, '0000000000000')).toBe('0012345678905');
    expect(cellText(12345678905, 'General')).toBe('12345678905');
    expect(cellText(-5, '000')).toBe('-5');
    expect(cellText({ formula: 'A1', result: 42 }, '0000')).toBe('0042');
    expect(cellText(true)).toBe('oui');
    expect(cellText(new Date(Date.UTC(2026, 10, 28)))).toBe('2026-11-28');
    expect(cellText({ error: '#DIV/0!' })).toBe('#DIV/0!');
  });

  it('compte les lignes lues par mille pendant la lecture, puis toutes', async () => {
    const rows = [
      ['Nom', 'Prix de vente'],
      ...Array.from({ length: 2500 }, (_, i) => [`Produit ${i + 1}`, '1250']),
    ];
    const data = await buildXlsx('Produits', rows, new Set([1]));
    const lues: Array<[number, number]> = [];
    const read = await lireClasseur(data, (lignes, total) => lues.push([lignes, total]));
    expect(read).toHaveLength(2501);
    expect(read[2500]).toEqual(['Produit 2500', '1250']);
    expect(lues).toEqual([
      [1000, 2501],
      [2000, 2501],
      [2501, 2501],
    ]);
  });

  it('refuse des octets qui ne sont pas un classeur', async () => {
    const octets = new TextEncoder().encode('Nom;Prix\nCafé;1250\n').buffer;
    await expect(lireClasseur(octets)).rejects.toThrow();
  });
});
