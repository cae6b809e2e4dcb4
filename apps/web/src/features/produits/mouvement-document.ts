import type { Mouvement } from '@comptoir/shared';

/** What the stock history says of the document behind a movement, and where it opens. */
export interface MouvementDocument {
  texte: string;
  lien: string | null;
}

/**
 * The document of a movement by its number (« Vente V-2026-000041 »), linking to its screen; a
 * return opens on its sale or purchase, an inventory on the inventories. Without a document, the
 * reason written with the movement (an adjustment's motif).
 */
export function mouvementDocument(m: Mouvement): MouvementDocument {
  const numero = m.documentNumero ?? null;
  const parent = m.documentParentId ?? null;
  switch (m.documentType) {
    case 'vente':
      return numero && m.documentId !== null
        ? { texte: `Vente ${numero}`, lien: `/pages/ventes-list/${m.documentId}` }
        : { texte: m.motif ?? 'Vente', lien: null };
    case 'retour':
      return numero && parent !== null
        ? { texte: `Retour ${numero}`, lien: `/pages/ventes-list/${parent}` }
        : { texte: m.motif ?? 'Retour', lien: null };
    case 'achat':
      return numero && m.documentId !== null
        ? { texte: `Achat ${numero}`, lien: `/pages/approvisionnements-list/${m.documentId}` }
        : { texte: m.motif ?? 'Achat', lien: null };
    case 'retour_achat':
      return numero && parent !== null
        ? {
            texte: `Retour au fournisseur ${numero}`,
            lien: `/pages/approvisionnements-list/${parent}`,
          }
        : { texte: m.motif ?? 'Retour au fournisseur', lien: null };
    case 'inventaire':
      return { texte: m.motif ?? 'Inventaire', lien: '/pages/rapports/inventaires' };
    default:
      return { texte: m.motif ?? '—', lien: null };
  }
}
