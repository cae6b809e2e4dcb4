import { z } from 'zod';
import { AMOUNT_MAX, stockValueExact } from '../money.js';
import { codeBarresSchema } from './produits.js';
import { optionalText, requiredText } from './fields.js';
import type { Problem } from './problem.js';

/**
 * `POST …/produits/import`: rows of a CSV or Excel file, already mapped to fields and parsed to
 * integers by the client (prices in minor units, rates in hundredths of a percent, quantities in
 * thousandths). Category, brand and unit are named; a missing category is created, a missing brand
 * too when the caller is the owner. `dryRun`: check only (the preview). All or nothing: one bad row
 * and nothing is written; the answer (400) names every bad row as `lignes.<index>.<champ>`.
 */
export const IMPORT_MAX_ROWS = 100_000;

const int = (label: string, max: number) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(`${label} doit être un nombre entier.`)
    .min(0, `${label} ne peut pas être négatif.`)
    .max(max, `${label} est trop grand.`);

export const produitImportLigneSchema = z
  .object({
    nom: requiredText(150, 'Le nom du produit'),
    reference: optionalText(64, 'La référence'),
    codeBarres: codeBarresSchema,
    categorie: optionalText(100, 'La catégorie'),
    marque: optionalText(100, 'La marque'),
    /** Unit name or symbol: « pièce », « kg »… */
    unite: requiredText(50, "L'unité"),
    prixAchat: int("Le prix d'achat", 1e13).default(0),
    prixVente: int('Le prix de vente', 1e13),
    prixGros: int('Le prix de gros', 1e13).nullable().default(null),
    tauxTva: int('Le taux de TVA', 10000).default(0),
    seuilAlerte: int("Le seuil d'alerte", 1e12).default(0),
    stockInitial: int('Le stock initial', 1e12).default(0),
  })
  .superRefine((l, ctx) => {
    if (stockValueExact(l.stockInitial, l.prixAchat) > BigInt(AMOUNT_MAX))
      ctx.addIssue({
        code: 'custom',
        path: ['stockInitial'],
        message:
          'La valeur du stock initial (quantité × prix d’achat) dépasse la limite des montants.',
      });
  });
export type ProduitImportLigne = z.input<typeof produitImportLigneSchema>;
export type ProduitImportLigneData = z.output<typeof produitImportLigneSchema>;

export const produitImportSchema = z
  .object({
    lignes: z
      .array(z.unknown(), { error: 'Les lignes doivent être une liste.' })
      .min(1, 'Le fichier ne contient aucune ligne.')
      .max(IMPORT_MAX_ROWS, `Un import compte au plus ${IMPORT_MAX_ROWS} lignes.`),
    dryRun: z.boolean({ error: 'dryRun doit valoir vrai ou faux.' }).default(false),
  })
  .meta({ id: 'ProduitImport' });
export type ProduitImport = z.input<typeof produitImportSchema>;

export const produitImportResultSchema = z
  .object({
    /** Rows checked (dryRun) or imported. */
    lignes: z.number().int(),
    importes: z.number().int(),
    categoriesCreees: z.array(z.string()),
    marquesCreees: z.array(z.string()),
  })
  .meta({ id: 'ProduitImportResult' });
export type ProduitImportResult = z.infer<typeof produitImportResultSchema>;

/** Media type of the import's progress stream, asked by `Accept` (one JSON object per line). */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';

/**
 * One line of the progress stream of `POST …/produits/import` asked with `Accept:
 * application/x-ndjson`: rows checked, then products written (`faites` of `total`), and last the
 * result or the problem (the same as the JSON answer's: 422 with every bad row…).
 */
export type ProduitImportProgression =
  | { etape: 'controle' | 'ecriture'; faites: number; total: number }
  | { resultat: ProduitImportResult }
  | { erreur: Problem };
