import type { CsvValue } from '../../core/csv.js';
import { currencyExponent, QUANTITY_SCALE, type Produit } from '@comptoir/shared';

/** The product list as CSV for a French spreadsheet (core/csv.ts), decimal commas. */
export const CSV_HEADERS = [
  'Nom',
  'Référence',
  'Code-barres',
  'Catégorie',
  'Marque',
  'Unité',
  "Prix d'achat",
  'Prix de vente',
  'Prix de gros',
  'TVA (%)',
  "Seuil d'alerte",
  'Quantité',
  'Valeur du stock',
  'Actif',
];

/** An integer scaled by 10^exponent, written with a decimal comma: 275 (2) → "2,75". */
export function decimal(value: number, exponent: number): string {
  if (exponent === 0) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const scale = 10 ** exponent;
  const fraction = String(abs % scale)
    .padStart(exponent, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / scale)}${fraction ? `,${fraction}` : ''}`;
}

/** The cells of a product's line, amounts in the shop's currency. */
export function produitCsvCells(devise: string): (p: Produit) => CsvValue[] {
  const exponent = currencyExponent(devise);
  const money = (v: number | null) => (v === null ? null : decimal(v, exponent));
  const quantityDigits = Math.log10(QUANTITY_SCALE);
  return (p) => [
    p.nom,
    p.reference,
    p.codeBarres,
    p.categorie?.nom ?? null,
    p.marque?.nom ?? null,
    p.unite.symbole,
    money(p.prixAchat),
    money(p.prixVente),
    money(p.prixGros),
    decimal(p.tauxTva, 2),
    decimal(p.seuilAlerte, quantityDigits),
    decimal(p.quantite, quantityDigits),
    money(p.valeurStock),
    p.actif ? 'oui' : 'non',
  ];
}
