import { describe, expect, it } from 'vitest';
import { classeurProgression, exportProgression } from './use-csv-export';

describe('progression d’un export', () => {
  it('dit où en est un export : reçus sur annoncés, ou reçus seuls', () => {
    expect(exportProgression(42000, 100000)).toBe('Export : 42\u202f000 sur 100\u202f000');
    expect(exportProgression(100001, 100000)).toBe('Export : 100\u202f000 sur 100\u202f000');
    const produits = { un: 'produit reçu', plusieurs: 'produits reçus' };
    expect(exportProgression(1, null, produits)).toBe('Export : 1 produit reçu');
    expect(exportProgression(2500, null, produits)).toBe('Export : 2\u202f500 produits reçus');
    expect(exportProgression(2500, null)).toBe('Export : 2\u202f500 lignes reçues');
  });

  it('dit où en est le classeur : lignes écrites, puis le fichier', () => {
    expect(classeurProgression(42000, 100000)).toBe(
      'Classeur Excel : 42\u202f000 sur 100\u202f000',
    );
    expect(classeurProgression(100000, 100000)).toBe('Classeur Excel : écriture du fichier…');
  });
});
