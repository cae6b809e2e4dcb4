import { z } from 'zod';
import { idOf } from './fields.js';

/**
 * Barcode labels (`POST /api/services/:serviceId/produits/etiquettes`): products and how many
 * labels of each, printed as a PDF for A4 label sheets.
 */

export const ETIQUETTES_MAX = 2000;
export const ETIQUETTE_QUANTITE_MAX = 500;
/** Label sheet formats: '3x8' = 3 columns × 8 rows of 70 × 37 mm on A4. */
export const ETIQUETTE_FORMATS = ['3x8'] as const;

export const etiquetteLigneSchema = z.object({
  produitId: idOf('du produit'),
  quantite: z
    .number({ error: "Le nombre d'étiquettes doit être un nombre." })
    .int("Le nombre d'étiquettes doit être un nombre entier.")
    .min(1, "Le nombre d'étiquettes doit être d'au moins 1.")
    .max(ETIQUETTE_QUANTITE_MAX, `Pas plus de ${ETIQUETTE_QUANTITE_MAX} étiquettes par produit.`),
});

export const etiquettesInputSchema = z
  .object({
    lignes: z
      .array(etiquetteLigneSchema, { error: 'Choisissez les produits à étiqueter.' })
      .min(1, 'Choisissez au moins un produit à étiqueter.')
      .refine(
        (lignes) => lignes.reduce((total, ligne) => total + ligne.quantite, 0) <= ETIQUETTES_MAX,
        {
          message: `Pas plus de ${ETIQUETTES_MAX} étiquettes à la fois.`,
        },
      ),
    format: z.enum(ETIQUETTE_FORMATS, { error: 'Format de planche inconnu (3x8).' }).default('3x8'),
  })
  .meta({ id: 'EtiquettesInput' });
export type EtiquettesInput = z.input<typeof etiquettesInputSchema>;
export type EtiquettesData = z.output<typeof etiquettesInputSchema>;
