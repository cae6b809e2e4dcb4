import { z } from 'zod';
import { idOf, isoDateSchema, sortedListQuery } from './fields.js';
import { pageOf } from './list.js';
import { MOUVEMENT_TYPES } from './stock.js';
import { PERIODE_MAX_JOURS, nombreJours } from '../tableau/periode.js';

/**
 * Owner's reports of a shop (`/api/services/:serviceId/rapports/…`): product report, stock
 * valuation, stock movements by kind. Money in minor units, quantities in thousandths, days are
 * the shop's calendar days (both included).
 */

const int = () => z.number().int();

function checkDays(q: { du: string; au: string }, ctx: z.RefinementCtx) {
  if (q.du > q.au)
    ctx.addIssue({
      code: 'custom',
      path: ['au'],
      message: 'La date de fin ne peut pas précéder la date de début.',
    });
  else if (nombreJours(q) > PERIODE_MAX_JOURS)
    ctx.addIssue({
      code: 'custom',
      path: ['au'],
      message: `Une période ne peut pas dépasser ${PERIODE_MAX_JOURS} jours.`,
    });
}

export const RAPPORT_PRODUITS_SORTS = [
  'nom',
  'quantiteVendue',
  'quantiteRetournee',
  'caHt',
  'caTtc',
  'cout',
  'marge',
  'tauxMarge',
  'stock',
  'valeurStock',
] as const;
export type RapportProduitsSort = (typeof RAPPORT_PRODUITS_SORTS)[number];

const produitsFilters = {
  du: isoDateSchema,
  au: isoDateSchema,
  categorieId: idOf('de la catégorie').optional(),
  marqueId: idOf('de la marque').optional(),
  vendeurId: idOf('du vendeur').optional(),
  typeVenteId: idOf('du type de vente').optional(),
  produitId: idOf('du produit').optional(),
};

/**
 * `GET …/rapports/produits`: the products sold or returned in the period. Category and brand are
 * the product's; seller and sale type are those of the sale (of the sale returned, for returns);
 * `produitId` keeps that product only; `q` searches the product's name (accents and case
 * ignored), reference or barcode.
 */
export const rapportProduitsQuerySchema = sortedListQuery(RAPPORT_PRODUITS_SORTS)
  .extend(produitsFilters)
  .superRefine(checkDays);
export type RapportProduitsQuery = z.infer<typeof rapportProduitsQuerySchema>;

export const rapportProduitsExportQuerySchema = sortedListQuery(RAPPORT_PRODUITS_SORTS)
  .omit({ page: true, size: true })
  .extend(produitsFilters)
  .superRefine(checkDays);
export type RapportProduitsExportQuery = z.infer<typeof rapportProduitsExportQuerySchema>;

const figures = {
  quantiteVendue: int(),
  quantiteRetournee: int(),
  /** Revenue of the lines sold in the period, before returns. */
  caHt: int(),
  caTtc: int(),
  /** Returned in the period: amounts HT and TTC. */
  retoursHt: int(),
  retoursTtc: int(),
  /** Cost of the quantities sold minus that of the quantities returned. */
  cout: int(),
  /** (caHt − retoursHt) − cout. */
  marge: int(),
  /** marge / (caHt − retoursHt) in basis points (1 234 = 12,34 %); null without net revenue. */
  tauxMarge: int().nullable(),
};

export const rapportProduitSchema = z.object({
  produitId: int(),
  nom: z.string(),
  reference: z.string().nullable(),
  categorie: z.string().nullable(),
  marque: z.string().nullable(),
  uniteSymbole: z.string(),
  ...figures,
  /** Quantity on hand now and its value at the product's weighted average cost. */
  stock: int(),
  valeurStock: int(),
});
export type RapportProduit = z.infer<typeof rapportProduitSchema>;

/**
 * Every sale of the period and every return in it, lines without product (free lines of converted
 * quotes) included, with the seller and sale-type filters: the dashboard's figures of the same days.
 */
export const rapportToutesVentesSchema = z.object({
  nombreVentes: int(),
  /** Sum of the sales' totals HT and TTC (before returns). */
  caHt: int(),
  caTtc: int(),
  /** Cost of the lines sold minus that of the lines returned. */
  cout: int(),
  /** Returns made in the period (by their own day), and their amounts. */
  nombreRetours: int(),
  retoursHt: int(),
  retoursTtc: int(),
  /** (caHt − retoursHt) − cout. */
  margeBrute: int(),
});
export type RapportToutesVentes = z.infer<typeof rapportToutesVentesSchema>;

export const rapportProduitsPageSchema = pageOf(rapportProduitSchema)
  .extend({
    totaux: z.object({ ...figures, valeurStock: int() }),
    /** Null with a product filter (category, brand, product, search): it covers every line. */
    toutesVentes: rapportToutesVentesSchema.nullable(),
  })
  .meta({ id: 'RapportProduitsPage' });
export type RapportProduitsPage = z.infer<typeof rapportProduitsPageSchema>;

/** `GET …/rapports/stock?date=…`: at the end of that day of the shop (today when absent). */
export const valorisationQuerySchema = z.object({ date: isoDateSchema.optional() });

export const valorisationSchema = z
  .object({
    date: z.string(),
    categories: z.array(
      z.object({
        categorieId: int().nullable(),
        nom: z.string(),
        produits: int(),
        quantite: int(),
        valeur: int(),
      }),
    ),
    total: z.object({ produits: int(), quantite: int(), valeur: int() }),
  })
  .meta({ id: 'Valorisation' });
export type Valorisation = z.infer<typeof valorisationSchema>;

/** `GET …/rapports/mouvements?du=…&au=…`. */
export const mouvementsParTypeQuerySchema = z
  .object({ du: isoDateSchema, au: isoDateSchema })
  .superRefine(checkDays);

export const mouvementsParTypeSchema = z
  .object({
    du: z.string(),
    au: z.string(),
    types: z.array(
      z.object({
        type: z.enum(MOUVEMENT_TYPES),
        nombre: int(),
        entrees: int(),
        sorties: int(),
      }),
    ),
  })
  .meta({ id: 'MouvementsParType' });
export type MouvementsParType = z.infer<typeof mouvementsParTypeSchema>;
