import { currencyExponent, type RapportProduit } from '@comptoir/shared';
import { csvFile } from '../../core/csv.js';
import { decimal } from '../produits/produits.csv.js';

/** The product report for a French spreadsheet (core/csv.ts): money and quantities as decimals. */

export const RAPPORT_PRODUITS_CSV_HEADERS = [
  'Produit',
  'Référence',
  'Catégorie',
  'Marque',
  'Unité',
  'Quantité vendue',
  'Quantité retournée',
  'CA HT',
  'CA TTC',
  'Retours HT',
  'Retours TTC',
  'Coût',
  'Marge brute',
  'Taux de marge (%)',
  'Stock',
  'Valeur du stock',
];

export function rapportProduitsCsv(rows: RapportProduit[], devise: string): string {
  const e = currencyExponent(devise);
  return csvFile(
    RAPPORT_PRODUITS_CSV_HEADERS,
    rows.map((r) => [
      r.nom,
      r.reference,
      r.categorie,
      r.marque,
      r.uniteSymbole,
      decimal(r.quantiteVendue, 3),
      decimal(r.quantiteRetournee, 3),
      decimal(r.caHt, e),
      decimal(r.caTtc, e),
      decimal(r.retoursHt, e),
      decimal(r.retoursTtc, e),
      decimal(r.cout, e),
      decimal(r.marge, e),
      r.tauxMarge === null ? null : decimal(r.tauxMarge, 2),
      decimal(r.stock, 3),
      decimal(r.valeurStock, e),
    ]),
  );
}
