import { currencyExponent, QUANTITY_SCALE, type Produit } from '@comptoir/shared';

/**
 * The product list as CSV for a French spreadsheet: UTF-8 with a byte-order mark, semicolons,
 * decimal commas, CRLF. A cell a spreadsheet would read as a formula is prefixed with a quote.
 */
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

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function produitsCsv(produits: Produit[], devise: string): string {
  const exponent = currencyExponent(devise);
  const money = (v: number | null) => (v === null ? null : decimal(v, exponent));
  const quantityDigits = Math.log10(QUANTITY_SCALE);
  const lines = [CSV_HEADERS.map(cell).join(';')];
  for (const p of produits) {
    lines.push(
      [
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
      ]
        .map(cell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
