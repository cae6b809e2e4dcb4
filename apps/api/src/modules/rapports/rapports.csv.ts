import { currencyExponent, type RapportProduit } from '@comptoir/shared';
import { csvExportOf, type CsvExport } from '../../core/csv-export.js';
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

/**
 * The report's rows are one aggregate query (grouped sums over the period): read at once, then
 * only written in pieces, the event loop given back between them (core/csv-export.ts).
 */
export function exportRapportProduitsCsv(
  rows: RapportProduit[],
  devise: string,
  tranche?: number,
): CsvExport {
  const e = currencyExponent(devise);
  return csvExportOf(
    RAPPORT_PRODUITS_CSV_HEADERS,
    rows,
    (r) => [
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
    ],
    tranche,
  );
}
