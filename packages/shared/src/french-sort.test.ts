import { describe, expect, it } from 'vitest';
import { compareFrench, compareSortKeys, frenchSortKey } from './french-sort.js';

const sorted = (names: string[]) => [...names].sort(compareFrench);

describe('frenchSortKey', () => {
  it('sorts the names of the issue as a French reader does', () => {
    expect(sorted(['Zongo', 'œuf', 'Éric', 'eau', 'Émile'])).toEqual([
      'eau',
      'Émile',
      'Éric',
      'œuf',
      'Zongo',
    ]);
  });

  it('breaks ties by accent, then by case (lower first), then ligature', () => {
    expect(sorted(['côté', 'Cote', 'côte', 'coté', 'cote'])).toEqual([
      'cote',
      'Cote',
      'coté',
      'côte',
      'côté',
    ]);
    expect(sorted(['Éric', 'éric', 'Eric', 'eric'])).toEqual(['eric', 'Eric', 'éric', 'Éric']);
    expect(sorted(['œuvre', 'oeuvre', 'Oeuvre'])).toEqual(['oeuvre', 'Oeuvre', 'œuvre']);
  });

  it('puts a name before the longer names it begins, spaces before letters', () => {
    expect(sorted(['eau de vie', 'eaux', 'eau', 'Eau minérale'])).toEqual([
      'eau',
      'eau de vie',
      'Eau minérale',
      'eaux',
    ]);
  });

  it('reads decomposed accents and extra spaces as the composed name', () => {
    expect(frenchSortKey('E\u0301mile  Zola ')).toBe(frenchSortKey('Émile Zola'));
  });

  it('agrees with the French collation of the platform (ICU) on letters and spaces', () => {
    const collator = new Intl.Collator('fr', { sensitivity: 'variant' });
    const names = [
      'Zongo',
      'œuf',
      'Éric',
      'eau',
      'Émile',
      'élève',
      'Élise',
      'elle',
      'être',
      'Ève',
      'éveil',
      'ça',
      'caisse',
      'Çà et là',
      'cote',
      'côte',
      'coté',
      'côté',
      'Noël',
      'noel',
      'naïf',
      'nain',
      'Ange',
      'ange',
      'âne',
      'Âne',
      'pâte',
      'pâté',
      'patte',
      'eau de vie',
      'eaux',
      'Zoé',
      'zoo',
    ];
    expect(sorted(names)).toEqual([...names].sort(collator.compare));
  });

  it('compares keys by code point, as the databases do', () => {
    // U+1F600 is a surrogate pair in UTF-16, whose first unit is below U+FFFD.
    expect(compareSortKeys('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect(compareSortKeys('a', 'ab')).toBeLessThan(0);
    expect(compareSortKeys('ab', 'ab')).toBe(0);
  });
});
