import type { Produit, ProduitCreate } from '@comptoir/shared';

/** What the product form edits: the create body, money in minor units, quantities in thousandths. */
export interface ProduitValues {
  nom: string;
  reference: string;
  codeBarres: string;
  categorieId: number | null;
  marqueId: number | null;
  uniteId: number | null;
  prixAchat: number | null;
  prixVente: number | null;
  prixGros: number | null;
  /** Percent as typed (18, 5.5). */
  tauxTvaPercent: number | null;
  seuilAlerte: number | null;
  stockInitial: number | null;
  description: string;
  actif: boolean;
}

/** Fields a server error may name: shown under them. */
export const PRODUIT_FIELDS = [
  'nom',
  'reference',
  'codeBarres',
  'categorieId',
  'marqueId',
  'uniteId',
  'prixAchat',
  'prixVente',
  'prixGros',
  'tauxTva',
  'seuilAlerte',
  'stockInitial',
  'description',
  'actif',
] as const;

/** The form's values: the product's, or a new product's with the shop's VAT rate (hundredths of a percent). */
export function initialValues(p: Produit | null, defaultTva = 0): ProduitValues {
  return {
    nom: p?.nom ?? '',
    reference: p?.reference ?? '',
    codeBarres: p?.codeBarres ?? '',
    categorieId: p?.categorie?.id ?? null,
    marqueId: p?.marque?.id ?? null,
    uniteId: p?.unite.id ?? null,
    prixAchat: p?.prixAchat ?? 0,
    prixVente: p?.prixVente ?? null,
    prixGros: p?.prixGros ?? null,
    tauxTvaPercent: (p ? p.tauxTva : defaultTva) / 100,
    seuilAlerte: p?.seuilAlerte ?? 0,
    stockInitial: 0,
    description: p?.description ?? '',
    actif: p?.actif ?? true,
  };
}

/** The body of POST (with the opening stock) or PUT, before the shared schema checks it. */
export function bodyOf(v: ProduitValues, creating: boolean): ProduitCreate {
  return {
    nom: v.nom.trim(),
    reference: v.reference.trim() || null,
    codeBarres: v.codeBarres.trim() || null,
    categorieId: v.categorieId,
    marqueId: v.marqueId,
    uniteId: v.uniteId as number,
    prixAchat: v.prixAchat ?? 0,
    prixVente: v.prixVente as number,
    prixGros: v.prixGros,
    tauxTva: Math.round((v.tauxTvaPercent ?? 0) * 100),
    seuilAlerte: v.seuilAlerte ?? 0,
    description: v.description.trim() || null,
    actif: v.actif,
    ...(creating ? { stockInitial: v.stockInitial ?? 0 } : {}),
  };
}
