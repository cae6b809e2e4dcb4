import { parseQuantity, type ProduitImportLigne } from '@comptoir/shared';
import {
  autoMapColumns,
  missingColumns,
  moneyCell,
  type ColumnMappingOf,
  type ColumnSpec,
  type RowError,
} from '../../../components/import/columns';

export { normalizeHeader, type RowError } from '../../../components/import/columns';

/** The fields of an imported row, in the order of the mapping form. */
export type ImportField = keyof ProduitImportLigne;

export const IMPORT_FIELDS: readonly ColumnSpec<ImportField>[] = [
  {
    field: 'nom',
    label: 'Nom',
    required: true,
    aliases: ['nom', 'nomduproduit', 'produit', 'designation', 'libelle', 'article'],
  },
  {
    field: 'reference',
    label: 'Référence',
    required: false,
    aliases: ['reference', 'ref', 'sku', 'codearticle'],
  },
  {
    field: 'codeBarres',
    label: 'Code-barres',
    required: false,
    aliases: ['codebarres', 'codebarre', 'ean', 'ean13', 'gtin', 'barcode'],
  },
  {
    field: 'categorie',
    label: 'Catégorie',
    required: false,
    aliases: ['categorie', 'famille', 'rayon'],
  },
  { field: 'marque', label: 'Marque', required: false, aliases: ['marque', 'fabricant'] },
  { field: 'unite', label: 'Unité', required: true, aliases: ['unite', 'unitedevente', 'symbole'] },
  {
    field: 'prixAchat',
    label: "Prix d'achat",
    required: false,
    aliases: ['prixdachat', 'prixachat', 'cout', 'coutdachat', 'pa'],
  },
  {
    field: 'prixVente',
    label: 'Prix de vente',
    required: true,
    aliases: ['prixdevente', 'prixvente', 'prix', 'pv'],
  },
  {
    field: 'prixGros',
    label: 'Prix de gros',
    required: false,
    aliases: ['prixdegros', 'prixgros'],
  },
  {
    field: 'tauxTva',
    label: 'TVA (%)',
    required: false,
    aliases: ['tva', 'tauxtva', 'tauxdetva', 'tvapourcent'],
  },
  {
    field: 'seuilAlerte',
    label: "Seuil d'alerte",
    required: false,
    aliases: ['seuildalerte', 'seuilalerte', 'seuil', 'stockminimum', 'stockmin'],
  },
  {
    field: 'stockInitial',
    label: 'Stock initial',
    required: false,
    aliases: ['stockinitial', 'stock', 'quantite', 'qte', 'quantiteenstock'],
  },
];

export const FIELD_LABELS = Object.fromEntries(
  IMPORT_FIELDS.map((f) => [f.field, f.label]),
) as Record<ImportField, string>;

/** Column index of each field in the file, or null when not imported. */
export type ColumnMapping = ColumnMappingOf<ImportField>;

/** Matches the file's headers to the fields by name; each column serves at most one field. */
export const autoMap = (headers: readonly string[]): ColumnMapping =>
  autoMapColumns(IMPORT_FIELDS, headers);

export const missingRequired = (mapping: ColumnMapping): string[] =>
  missingColumns(IMPORT_FIELDS, mapping);

export interface ConvertedRows {
  lignes: ProduitImportLigne[];
  errors: RowError[];
}

/** A percentage with at most 2 decimals ("18", "5,5 %") in hundredths of a percent. */
export function parseRate(text: string): number | null {
  const cleaned = text.replace(/[\s\u00A0\u202F%]/g, '').replace(',', '.');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const MONEY: ImportField[] = ['prixAchat', 'prixVente', 'prixGros'];
const QUANTITY: ImportField[] = ['seuilAlerte', 'stockInitial'];

/**
 * Converts the file's rows (headers excluded) to the rows of `POST …/produits/import`: amounts in
 * minor units of `devise` ("1 234,50" → 123450 in EUR, "2 500" → 2500 in XOF), rate in hundredths
 * of a percent, quantities in thousandths. Every cell that can't be read gives a French error naming
 * its row; text checks (lengths, barcode, unit, duplicates) are left to the server's dry run.
 */
export function convertRows(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  devise: string,
): ConvertedRows {
  const lignes: ProduitImportLigne[] = [];
  const errors: RowError[] = [];
  rows.forEach((row, index) => {
    const ligne = index + 1;
    const out: Record<string, string | number | null> = {};
    const fail = (field: ImportField, message: string) =>
      errors.push({ ligne, champ: FIELD_LABELS[field], message });
    for (const spec of IMPORT_FIELDS) {
      const column = mapping[spec.field];
      const raw = column === null ? '' : (row[column] ?? '').trim();
      const label = spec.label;
      if (raw === '') {
        if (spec.required) fail(spec.field, `${label} est obligatoire.`);
        else if (spec.field === 'prixGros') out['prixGros'] = null;
        continue;
      }
      if (MONEY.includes(spec.field)) {
        const value = moneyCell(raw, devise);
        if (value === null)
          fail(spec.field, `${label} « ${raw} » n'est pas un montant valide en ${devise}.`);
        else if (value < 0) fail(spec.field, `${label} ne peut pas être négatif.`);
        else out[spec.field] = value;
      } else if (QUANTITY.includes(spec.field)) {
        const value = parseQuantity(raw);
        if (value === null)
          fail(
            spec.field,
            `${label} « ${raw} » n'est pas une quantité valide (3 décimales au plus).`,
          );
        else if (value < 0) fail(spec.field, `${label} ne peut pas être négatif.`);
        else out[spec.field] = value;
      } else if (spec.field === 'tauxTva') {
        const value = parseRate(raw);
        if (value === null || value > 10000)
          fail(spec.field, `Le taux de TVA « ${raw} » n'est pas un pourcentage valide.`);
        else out['tauxTva'] = value;
      } else out[spec.field] = raw;
    }
    lignes.push(out as unknown as ProduitImportLigne);
  });
  return { lignes, errors };
}

/**
 * The server's errors (`lignes.<index>.<champ>`, « Ligne N : message ») as table rows; an error
 * without a row keeps ligne 0.
 */
export function serverRowErrors(
  fieldErrors: readonly { field: string; message: string }[],
): RowError[] {
  return fieldErrors.map(({ field, message }) => {
    const match = /^lignes\.(\d+)(?:\.(\w+))?/.exec(field);
    const champ = match?.[2] ? (FIELD_LABELS[match[2] as ImportField] ?? match[2]) : '';
    const text = message.replace(/^Ligne \d+ : /, '');
    return {
      ligne: match ? Number(match[1]) + 1 : 0,
      champ,
      message: text.charAt(0).toUpperCase() + text.slice(1),
    };
  });
}
