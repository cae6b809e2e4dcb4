import { z } from 'zod';

/**
 * `POST …/achats/bon-livraison` (owner): the rows of a supplier's delivery note, read in the
 * browser from a CSV or Excel file, matched to the shop's products by reference or barcode. The
 * server writes nothing: the screen adds the recognised rows to the purchase being entered, which
 * the owner saves or validates as usual. `ligne` counts the file's data rows from 1.
 */
export const bonLivraisonLigneSchema = z.object({
  ligne: z.number().int().min(1).max(100_000),
  code: z
    .string({ error: 'La référence ou le code-barres doit être un texte.' })
    .trim()
    .min(1, 'La référence ou le code-barres est obligatoire.')
    .max(64, 'La référence ou le code-barres ne peut pas dépasser 64 caractères.'),
  quantite: z
    .number({ error: 'La quantité doit être un nombre.' })
    .int('La quantité est exprimée en millièmes (1,5 kg = 1500) : un nombre entier.')
    .positive('La quantité doit être supérieure à zéro.')
    .max(1e9, 'La quantité est trop grande.'),
  /** The unit cost written on the note; null: the product's last cost. */
  prixUnitaire: z
    .number({ error: "Le coût d'achat unitaire doit être un nombre." })
    .int("Le coût d'achat unitaire est un nombre entier dans la plus petite unité de la devise.")
    .min(0, "Le coût d'achat unitaire ne peut pas être négatif.")
    .max(1e13, "Le coût d'achat unitaire est trop élevé.")
    .nullable()
    .default(null),
});
export type BonLivraisonLigne = z.input<typeof bonLivraisonLigneSchema>;

export const bonLivraisonInputSchema = z
  .object({
    lignes: z
      .array(bonLivraisonLigneSchema, {
        error: 'Les lignes du bon de livraison sont obligatoires.',
      })
      .min(1, 'Le bon de livraison ne contient aucune ligne.')
      .max(500, 'Un achat ne peut pas dépasser 500 lignes.'),
  })
  .meta({ id: 'BonLivraisonInput' });
export type BonLivraisonInput = z.input<typeof bonLivraisonInputSchema>;
export type BonLivraisonData = z.output<typeof bonLivraisonInputSchema>;

export const bonLivraisonProduitSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  reference: z.string().nullable(),
  codeBarres: z.string().nullable(),
  prixVente: z.number().int(),
  /** The product's last cost (its CUMP). */
  prixAchat: z.number().int(),
  uniteSymbole: z.string(),
  fractionnable: z.boolean(),
});
export type BonLivraisonProduit = z.infer<typeof bonLivraisonProduitSchema>;

export const bonLivraisonResultSchema = z
  .object({
    /** Rows matched to a product, in the file's order; the cost is the note's or the last one. */
    lignes: z.array(
      z.object({
        ligne: z.number().int(),
        produit: bonLivraisonProduitSchema,
        quantite: z.number().int(),
        prixUnitaire: z.number().int(),
      }),
    ),
    /** Rows left out, each with a French message (unknown or archived product, split unit). */
    erreurs: z.array(z.object({ ligne: z.number().int(), code: z.string(), message: z.string() })),
  })
  .meta({ id: 'BonLivraisonResult' });
export type BonLivraisonResult = z.infer<typeof bonLivraisonResultSchema>;
