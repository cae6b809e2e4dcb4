import {
  divRoundHalfAwayFromZero,
  type EtatStock,
  type Mouvement,
  type MouvementType,
  type Produit,
} from '@comptoir/shared';
import { fileUrl } from '../files/images.js';
import type { ProduitRow } from './produits.repository.js';
import type { findMouvementPage } from './produits.repository.js';

export function etatStock(quantite: number, seuil: number): EtatStock {
  if (quantite <= 0) return 'rupture';
  return quantite <= seuil ? 'sous_seuil' : 'en_stock';
}

/** Value in stock at cost: quantité (thousandths) × prix d'achat / 1000, rounded half away from zero. */
export const stockValue = (quantite: number, prixAchat: number): number =>
  Number(divRoundHalfAwayFromZero(BigInt(quantite) * BigInt(prixAchat), 1000n));

export function toProduit(r: ProduitRow): Produit {
  const quantite = Number(r.quantite);
  const prixAchat = Number(r.prix_achat);
  const seuil = Number(r.seuil_alerte);
  return {
    id: r.id,
    nom: r.nom,
    reference: r.reference,
    codeBarres: r.code_barres,
    categorie:
      r.categorie_id !== null && r.categorie_nom !== null
        ? { id: r.categorie_id, nom: r.categorie_nom }
        : null,
    marque:
      r.marque_id !== null && r.marque_nom !== null ? { id: r.marque_id, nom: r.marque_nom } : null,
    unite: {
      id: r.unite_id,
      nom: r.unite_nom,
      symbole: r.unite_symbole,
      fractionnable: r.unite_fractionnable === 1,
    },
    prixAchat,
    prixVente: Number(r.prix_vente),
    prixGros: r.prix_gros === null ? null : Number(r.prix_gros),
    tauxTva: r.taux_tva,
    seuilAlerte: seuil,
    quantite,
    valeurStock: stockValue(quantite, prixAchat),
    etatStock: etatStock(quantite, seuil),
    image: r.image_file_id ? fileUrl(r.image_file_id) : null,
    description: r.description,
    actif: r.actif === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

type MouvementRow = Awaited<ReturnType<typeof findMouvementPage>>['items'][number];

export const toMouvement = (r: MouvementRow): Mouvement => ({
  id: r.id,
  type: r.type as MouvementType,
  quantite: Number(r.quantite),
  motif: r.motif,
  documentType: r.document_type,
  documentId: r.document_id,
  documentNumero: r.document_numero,
  documentParentId: r.document_parent_id === null ? null : Number(r.document_parent_id),
  user:
    r.user_id !== null && r.user_prenom !== null && r.user_nom !== null
      ? { id: r.user_id, prenom: r.user_prenom, nom: r.user_nom }
      : null,
  createdAt: r.created_at,
});
