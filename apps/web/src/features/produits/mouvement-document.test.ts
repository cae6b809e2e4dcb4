import type { Mouvement } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { mouvementDocument } from './mouvement-document';

const base: Mouvement = {
  id: 1,
  type: 'vente',
  quantite: -1000,
  motif: null,
  documentType: null,
  documentId: null,
  documentNumero: null,
  documentParentId: null,
  user: null,
  createdAt: '2026-03-02T10:00:00.000Z',
};

describe("document d'un mouvement de stock", () => {
  it('nomme la vente, le retour, l’achat et le retour au fournisseur par leur numéro, avec le lien de leur écran', () => {
    const of = (m: Partial<Mouvement>) => mouvementDocument({ ...base, ...m });
    expect(of({ documentType: 'vente', documentId: 41, documentNumero: 'V-2026-000041' })).toEqual({
      texte: 'Vente V-2026-000041',
      lien: '/pages/ventes-list/41',
    });
    expect(
      of({
        documentType: 'retour',
        documentId: 5,
        documentNumero: 'R-2026-000005',
        documentParentId: 41,
      }),
    ).toEqual({ texte: 'Retour R-2026-000005', lien: '/pages/ventes-list/41' });
    expect(of({ documentType: 'achat', documentId: 7, documentNumero: 'A-2026-000007' })).toEqual({
      texte: 'Achat A-2026-000007',
      lien: '/pages/approvisionnements-list/7',
    });
    expect(
      of({
        documentType: 'retour_achat',
        documentId: 2,
        documentNumero: 'RA-2026-000002',
        documentParentId: 7,
      }),
    ).toEqual({
      texte: 'Retour au fournisseur RA-2026-000002',
      lien: '/pages/approvisionnements-list/7',
    });
    expect(of({ documentType: 'inventaire', documentId: 3, motif: 'Inventaire n° 3' })).toEqual({
      texte: 'Inventaire n° 3',
      lien: '/pages/rapports/inventaires',
    });
    expect(of({ type: 'ajustement', motif: 'Casse' })).toEqual({ texte: 'Casse', lien: null });
  });
});
