import { describe, expect, it } from 'vitest';
import { cellText, readXlsx } from './xlsx';
import { buildXlsx } from './xlsx-write';

describe('xlsx', () => {
  it('writes a workbook (numbers as numbers) and reads it back as cell texts', async () => {
    const rows = [
      ['Nom', 'Code-barres', 'Prix de vente'],
      ['Café', '0012345678905', '1234,5'],
      ['Riz', '', '2500'],
    ];
    const data = await buildXlsx('Produits', rows, new Set([2]));
    expect(await readXlsx(data)).toEqual([
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
});
